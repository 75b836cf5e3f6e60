/** The parts of camunda-external-task-client-js (plain JavaScript, no types) the suite uses. */
declare module 'camunda-external-task-client-js' {
  export class Client {
    constructor(options: {
      baseUrl: string;
      workerId?: string;
      interceptors?: unknown;
      asyncResponseTimeout?: number;
      lockDuration?: number;
      interval?: number;
      maxTasks?: number;
      usePriority?: boolean;
      autoPoll?: boolean;
    });
    subscribe(
      topic: string,
      options: { businessKey?: string; lockDuration?: number },
      handler: (args: { task: never; taskService: never }) => Promise<void>,
    ): unknown;
    on(event: string, listener: (...args: unknown[]) => void): this;
    start(): void;
    stop(): void;
  }
  export class BasicAuthInterceptor {
    constructor(options: { username: string; password: string });
  }
  export class Variables {
    set(name: string, value: unknown): this;
    setTyped(name: string, typed: { value: unknown; type: string; valueInfo?: object }): this;
    getAll(): Record<string, unknown>;
  }
}
