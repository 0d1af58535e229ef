export declare const HAPROXY_PATH: string;
export declare const CLUSTER_DATABASE_URL: string;
export declare function clusterMissing(): Promise<string | null>;
