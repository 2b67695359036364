// Composition root: transport ↔ session ↔ tools ↔ discovery. (Skeleton: the transport issue fills it in.)
import type { Config } from "./config";
import type { ToolDescriptor } from "./tools/types";

export interface Endpoint {
  port: number;
  token: string;
}

export interface ServerStatus {
  running: boolean;
  port?: number;
  lockFile?: string;
  /** Open WebSocket connections. */
  clients: number;
  uptimeMs?: number;
  /** Pids the CLIs announced with ide_connected. */
  cliPids: number[];
}

export interface ServerOptions {
  /** Port and token to reuse when the port is still free (restart in the same Neovim). */
  reuse?: Endpoint;
  /** Replaces the tool list (specs use it to add test tools). */
  tools?: ToolDescriptor[];
}

export class Server {
  constructor(
    private readonly config: Config,
    private readonly opts: ServerOptions = {},
  ) {}

  start(): { ok: true; endpoint: Endpoint } | { ok: false; error: string } {
    return { ok: false, error: `not implemented yet (${this.config.log_level}, ${this.opts.reuse !== undefined})` };
  }

  stop(): void {}

  status(): ServerStatus {
    return { running: false, clients: 0, cliPids: [] };
  }
}
