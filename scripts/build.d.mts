/** scripts/build.mjs, for the TypeScript that builds the server before spawning it (server/test/global-setup.ts). */
export declare function buildStale(options?: { force?: boolean; env?: NodeJS.ProcessEnv; only?: string[] }): number;
