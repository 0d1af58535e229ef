export declare const HAPROXY_PATH: string;
export declare const CLUSTER_DATABASE_URL: string;
export declare function clusterMissing(): Promise<string | null>;
export declare function haproxyConfig(port: number, statsPort: number, servers: { name: string; port: number }[]): string;
export interface Haproxy {
  base: string;
  pid: number;
  status(): Promise<Record<string, { status: string; sent: number }>>;
  stop(): Promise<void>;
}
export declare function startHaproxy(dir: string, servers: { name: string; port: number }[]): Promise<Haproxy>;
