/**
 * The resident memory of a process and of every process under it, sampled from
 * /proc (Linux): at each sample the sum of VmRSS over the tree, the highest sum
 * kept. `npm run bench` holds the build (`node scripts/build.ts` and the
 * `astro build` it starts) to its memory budget by it. A sum of VmRSS counts
 * pages two processes share twice, so it errs on the high side.
 */
import { readdir, readFile } from "node:fs/promises";

/** Parent of each running process. */
async function parents(): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const name of await readdir("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await readFile(`/proc/${name}/stat`, "utf8");
      // "pid (comm) state ppid …": the command may hold spaces and parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      out.set(Number(name), ppid);
    } catch {
      // ended meanwhile
    }
  }
  return out;
}

/** `root` and its descendants. */
export async function processTree(root: number): Promise<number[]> {
  const ppid = await parents();
  const tree = [root];
  for (let i = 0; i < tree.length; i++) {
    for (const [pid, parent] of ppid) if (parent === tree[i]) tree.push(pid);
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

/** Resident memory of `root`'s whole tree now, in bytes. */
export async function treeRss(root: number): Promise<number> {
  const sizes = await Promise.all((await processTree(root)).map(rssBytes));
  return sizes.reduce((a, b) => a + b, 0);
}

/** Samples `root`'s tree every `everyMs` until `stop()`, which gives the peak in bytes. */
export function watchTreeMemory(root: number, everyMs = 250) {
  let peak = 0;
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void treeRss(root)
      .then((bytes) => (peak = Math.max(peak, bytes)))
      .finally(() => (busy = false));
  }, everyMs);
  return {
    get peak() {
      return peak;
    },
    stop(): number {
      clearInterval(timer);
      return peak;
    },
  };
}
