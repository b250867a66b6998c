import { createFileRoute } from '@tanstack/react-router';
import { Maintenance } from '../features/shell';

export const Route = createFileRoute('/finance/error/unavailable')({ component: Maintenance });
