/**
 * POST deployment/installDeployment { deployment } (spec 2 §7): installs a package; both lists of the deployment admin
 * page change (the package's source, the bundles).
 */
import { BundlesAnswer } from '../../../domain/dev-pages/contract';
import { invalidate, type QueryDeps } from '../invalidate';
import { bundlesKey } from './list-bundles';
import { deploymentsKey } from './list-deployments';

export const installDeploymentInvalidates = [deploymentsKey, bundlesKey] as const;

export async function installDeployment(deps: QueryDeps, deployment: string) {
  const answer = await deps.api.post('deployment/installDeployment', { deployment }, BundlesAnswer);
  await invalidate(deps.queryClient, installDeploymentInvalidates);
  return answer;
}
