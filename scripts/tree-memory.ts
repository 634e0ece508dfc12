/**
 * The resident memory of a process and of every process under it, sampled from
 * /proc (Linux): at each sample the sum of VmRSS over the tree, the highest sum
 * kept. `npm run bench` holds the build (`node scripts/build.ts` and the
 * `astro build` it starts) to its memory budget by it. A sum of VmRSS counts
 * pages two processes share twice, so it errs on the high side. Also the CPU
 * time the tree used (user + system, each process's last sample), which says
 * more than the wall time on a machine others are using.
 */
import { readdir, readFile } from "node:fs/promises";

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** Parent and CPU ticks (user + system) of each running process. */
async function processes(): Promise<Map<number, { ppid: number; ticks: number }>> {
  const out = new Map<number, { ppid: number; ticks: number }>();
  for (const name of await readdir("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await readFile(`/proc/${name}/stat`, "utf8");
      // "pid (comm) state ppid … utime stime …": the command may hold spaces and parentheses.
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      out.set(Number(name), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      // ended meanwhile
    }
  }
  return out;
}

/** `root` and its descendants, each with its CPU ticks so far. */
async function processTree(root: number): Promise<{ pid: number; ticks: number }[]> {
  const all = await processes();
  const tree = [{ pid: root, ticks: all.get(root)?.ticks ?? 0 }];
  for (let i = 0; i < tree.length; i++) {
    for (const [pid, p] of all) if (p.ppid === tree[i]!.pid) tree.push({ pid, ticks: p.ticks });
  }
  return tree;
}

async function rssBytes(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/**
 * Samples `root`'s tree every `everyMs` until `stop()`: the peak of its summed
 * resident memory in bytes, and the CPU seconds its processes used (up to each
 * one's last sample).
 */
export function watchTreeMemory(root: number, everyMs = 250) {
  let peak = 0;
  let busy = false;
  const ticks = new Map<number, number>();
  const cpuSeconds = () => [...ticks.values()].reduce((a, b) => a + b, 0) / TICKS;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void processTree(root)
      .then(async (tree) => {
        for (const p of tree) ticks.set(p.pid, Math.max(ticks.get(p.pid) ?? 0, p.ticks));
        const sizes = await Promise.all(tree.map((p) => rssBytes(p.pid)));
        peak = Math.max(
          peak,
          sizes.reduce((a, b) => a + b, 0),
        );
      })
      .finally(() => (busy = false));
  }, everyMs);
  return {
    get peak() {
      return peak;
    },
    stop(): { peak: number; cpuSeconds: number } {
      clearInterval(timer);
      return { peak, cpuSeconds: cpuSeconds() };
    },
  };
}
