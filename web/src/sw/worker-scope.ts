/**
 * The parts of a service worker's global scope the worker uses. The web
 * project's types are the page's (DOM): the worker's own library
 * (WebWorker) cannot sit beside them, so its few types are named here.
 */
export interface WorkerExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

export interface WorkerFetchEvent extends WorkerExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}

export interface WorkerMessageEvent extends WorkerExtendableEvent {
  readonly data: unknown;
}

export interface WorkerScope {
  readonly location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'fetch', listener: (event: WorkerFetchEvent) => void): void;
  addEventListener(type: 'activate' | 'install', listener: (event: WorkerExtendableEvent) => void): void;
  addEventListener(type: 'message', listener: (event: WorkerMessageEvent) => void): void;
}
