/**
 * The open-model load generator of `npm run loadtest`: requests start on a
 * fixed schedule (request i at t0 + i/rate) whether or not earlier ones have
 * finished, and each latency is measured from its scheduled start, so a
 * server that falls behind is charged for the queue it builds (no coordinated
 * omission). One process, one keep-alive connection pool (node:http), so the
 * generator takes as little of the shared CPU as it can.
 */
import { Agent, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { readFile } from "node:fs/promises";
import { loadavg } from "node:os";

export interface LoadRequest {
  /** Reporting class ("page", "search", "signed-in read", "write"). */
  cls: string;
  /** Finer label for the error list (e.g. "PUT /api/providers/:id"). */
  label: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Called with the status once answered (e.g. to update a favorite set). */
  onDone?: (status: number) => void;
}

export interface ClassFigures {
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface RunFigures {
  rate: number;
  seconds: number;
  /** Requests started per second of the run. */
  achievedRate: number;
  /** Answers (any status) that arrived within the run's window, per second. */
  completedRate: number;
  /** How late the generator started requests, ms (timer and CPU): mean and max. */
  generatorLag: { mean: number; max: number };
  overall: ClassFigures;
  byClass: Record<string, ClassFigures>;
  /**
   * Answered requests by how the server made them: a page from its built file,
   * from the page cache or rendered anew (X-Page-Cache); a search from the
   * answer cache or run (Server-Timing). Only requests whose answer's headers arrived.
   */
  bySource: Record<string, ClassFigures>;
  errors: {
    total: number;
    timeouts: number;
    socket: number;
    status429: number;
    /** "label status" → count, for the first look at what went wrong. */
    byKind: Record<string, number>;
  };
  /** Requests still unanswered when the run stopped (counted as errors). */
  unfinished: number;
  /** Whether the run stopped early because too many requests were outstanding. */
  abandoned: boolean;
  /** Generator CPU over the run, % of one core. */
  generatorCpu: number;
  /** Server process CPU over the run (all its threads), % of one core. */
  serverCpu: number;
  /** 1-minute load average at the end. */
  loadAvg: number;
  bytes: number;
}

/** How the server made an answer, from the headers it says so in ("" when it does not). */
function sourceOf(req: LoadRequest, headers: IncomingHttpHeaders): string {
  if (req.cls === "page") {
    const cache = headers["x-page-cache"];
    if (cache === "HIT") return "page: page cache";
    if (cache === "MISS") return "page: rendered";
    if (cache === "SHARED") return "page: shared rendering";
    return "page: built file";
  }
  const timing = headers["server-timing"];
  if (typeof timing === "string" && timing.startsWith("search;")) {
    return /desc=hit/.test(timing) ? "search: cached answer" : "search: run";
  }
  return "";
}

export function percentile(sorted: Float64Array | number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function figures(latencies: number[], errors: number): ClassFigures {
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    errors,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : NaN,
  };
}

/** utime + stime of a process (all its threads), in seconds. */
export async function processCpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are fields 14 and 15 of the whole line (1-based): 11 and 12 here (0-based).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export interface RunOptions {
  host: string;
  port: number;
  rate: number;
  seconds: number;
  /** The request to start as number i of the run. */
  next: (i: number) => LoadRequest;
  serverPid: number;
  /** A request unanswered after this long is a timeout (an error). */
  timeoutMs: number;
  /**
   * Stop early (and fail the run) when this many requests are outstanding:
   * past it the server is only building a queue, and the generator's memory with it.
   */
  maxOutstanding: number;
  /** Connections in the pool at most. */
  maxSockets: number;
}

export async function runOpenModel(opts: RunOptions): Promise<RunFigures> {
  const agent = new Agent({
    keepAlive: true,
    maxSockets: opts.maxSockets,
    maxFreeSockets: opts.maxSockets,
  });
  const latencies = new Map<string, number[]>();
  const classErrors = new Map<string, number>();
  const byKind: Record<string, number> = {};
  const bySourceMs = new Map<string, number[]>();
  let timeouts = 0;
  let socket = 0;
  let status429 = 0;
  let outstanding = 0;
  let bytes = 0;
  let abandoned = false;
  let windowEnd = Infinity;
  let completedInWindow = 0;

  const fail = (req: LoadRequest, kind: string) => {
    classErrors.set(req.cls, (classErrors.get(req.cls) ?? 0) + 1);
    const key = `${req.label} ${kind}`;
    byKind[key] = (byKind[key] ?? 0) + 1;
  };
  const record = (req: LoadRequest, ms: number) => {
    let list = latencies.get(req.cls);
    if (!list) latencies.set(req.cls, (list = []));
    list.push(ms);
  };

  const send = (req: LoadRequest, scheduled: number) => {
    outstanding++;
    let settled = false;
    let source = "";
    const settle = (outcome: { status?: number; error?: "timeout" | "socket"; code?: string }) => {
      if (settled) return;
      settled = true;
      outstanding--;
      if (performance.now() <= windowEnd) completedInWindow++;
      const ms = performance.now() - scheduled;
      record(req, ms);
      if (source) {
        let list = bySourceMs.get(source);
        if (!list) bySourceMs.set(source, (list = []));
        list.push(ms);
      }
      if (outcome.error === "timeout") {
        timeouts++;
        fail(req, "timeout");
      } else if (outcome.error) {
        socket++;
        fail(req, `socket error ${outcome.code ?? ""}`.trim());
      } else {
        const status = outcome.status!;
        if (status === 429) status429++;
        if (status < 200 || status >= 400) fail(req, String(status));
        req.onDone?.(status);
      }
    };
    const headers: Record<string, string> = { ...req.headers };
    if (req.body !== undefined) {
      headers["content-type"] = "application/json";
      headers["content-length"] = String(Buffer.byteLength(req.body));
    }
    const r = httpRequest(
      { agent, host: opts.host, port: opts.port, method: req.method, path: req.path, headers },
      (res) => {
        source = sourceOf(req, res.headers);
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on("end", () => settle({ status: res.statusCode ?? 0 }));
        res.on("error", (e: NodeJS.ErrnoException) => settle({ error: "socket", code: e.code }));
      },
    );
    // From the scheduled start: a request queued behind the pool is late too.
    const left = Math.max(1, opts.timeoutMs - (performance.now() - scheduled));
    const timer = setTimeout(() => {
      settle({ error: "timeout" });
      r.destroy();
    }, left);
    r.on("close", () => clearTimeout(timer));
    r.on("error", (e: NodeJS.ErrnoException) => settle({ error: "socket", code: e.code }));
    r.end(req.body);
  };

  const cpu0 = process.cpuUsage();
  const serverCpu0 = await processCpuSeconds(opts.serverPid);
  const total = Math.round(opts.rate * opts.seconds);
  const interval = 1000 / opts.rate;
  const t0 = performance.now();
  windowEnd = t0 + opts.seconds * 1000;
  let started = 0;
  let lagSum = 0;
  let lagMax = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - t0) / interval) + 1);
      while (started < due) {
        const scheduled = t0 + started * interval;
        const lag = performance.now() - scheduled;
        lagSum += lag;
        lagMax = Math.max(lagMax, lag);
        send(opts.next(started), scheduled);
        started++;
      }
      if (outstanding > opts.maxOutstanding) {
        abandoned = true;
        return done();
      }
      if (started >= total) return done();
      // A timer tick is ~1-2 ms late at most; the requests it starts keep their scheduled time.
      setTimeout(tick, Math.max(0, Math.min(interval, 5)));
    };
    tick();
  });
  // Wait for the stragglers (their own timeouts end them).
  const drainUntil = performance.now() + opts.timeoutMs + 1000;
  while (outstanding > 0 && performance.now() < drainUntil && !abandoned) {
    await new Promise((r) => setTimeout(r, 20));
  }
  const wall = (performance.now() - t0) / 1000;
  const runSeconds = Math.min(wall, opts.seconds);
  const cpu = process.cpuUsage(cpu0);
  const serverCpu = (await processCpuSeconds(opts.serverPid)) - serverCpu0;
  const unfinished = outstanding;
  agent.destroy();

  const all: number[] = [];
  const byClass: Record<string, ClassFigures> = {};
  for (const [cls, list] of [...latencies].sort(([a], [b]) => a.localeCompare(b))) {
    byClass[cls] = figures(list, classErrors.get(cls) ?? 0);
    for (const v of list) all.push(v);
  }
  const bySource: Record<string, ClassFigures> = {};
  for (const [key, list] of [...bySourceMs].sort(([a], [b]) => a.localeCompare(b))) {
    bySource[key] = figures(list, 0);
  }
  const errorsTotal = [...classErrors.values()].reduce((a, b) => a + b, 0) + unfinished;
  return {
    rate: opts.rate,
    seconds: opts.seconds,
    achievedRate: started / runSeconds,
    completedRate: completedInWindow / runSeconds,
    generatorLag: { mean: started ? lagSum / started : 0, max: lagMax },
    overall: figures(all, errorsTotal),
    byClass,
    bySource,
    errors: { total: errorsTotal, timeouts, socket, status429, byKind },
    unfinished,
    abandoned,
    generatorCpu: (100 * (cpu.user + cpu.system)) / 1e6 / wall,
    serverCpu: (100 * serverCpu) / wall,
    loadAvg: loadavg()[0]!,
    bytes,
  };
}
