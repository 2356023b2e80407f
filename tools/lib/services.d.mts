export declare const LOCAL_SERVICES: { name: string; env: string; port: number; start: string }[];
export declare function endpointOf(
  url: string,
  fallbackPort: number,
): { host: string; port: number };
export declare function canConnect(
  host: string,
  port: number,
  timeoutMs?: number,
): Promise<boolean>;
export declare function withLocalServices(env: NodeJS.ProcessEnv): Promise<NodeJS.ProcessEnv>;
