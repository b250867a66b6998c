import { createFileRoute } from '@tanstack/react-router';
import { ComingServicePage } from '../features/shell';

/** oss-wrapper: the order application in a frame (spec 1 §2): built by a later issue. */
export const Route = createFileRoute('/oss-wrapper')({ component: () => <ComingServicePage service="LOGISTICS" /> });
