/**
 * The zod contract shared by the portal and the reference backend. Its definitions live in
 * machines/lib/contract.ts: machines may import only xstate, zod and other files of machines/ (architecture guide),
 * and they need the same shapes. The app and the server import them from here.
 */
export * from '../../machines/lib/contract';
