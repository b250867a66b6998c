/** Types re-exported from the shared contract for this folder (so rules.ts reads from one place). */
export type { Role, RolesAndPackets as RoleTree } from '../contract';
