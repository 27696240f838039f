import { spawn, type ChildProcess } from "node:child_process";
import { cpus } from "node:os";
import { describe, expect, it } from "vitest";
import { costBetween, machineAccounting, snapshot } from "../../bench/write/machineCpu.ts";

/**
 * The write benchmark's account of the machine's CPU (bench/write/machineCpu.ts), on real
 * processes: a "server" whose CPU is spent by its child (as WORKERS' processes are the server's
 * children) and a "generator", each burning a known amount of CPU.
 */

// Spins until the process has had `ms` of CPU, then idles until killed.
const burner = (ms: number) => `const t0 = process.cpuUsage(); while ((process.cpuUsage(t0).user + process.cpuUsage(t0).system) / 1000 < ${ms}) {} setInterval(() => {}, 1000);`;
const exited = (child: ChildProcess) => new Promise((resolve) => child.once("exit", resolve));

describe.runIf(machineAccounting)("the machine's CPU by who spent it", () => {
  it("counts a process's descendants as its own, the generator apart, and the whole machine at least as much", async () => {
    // The server: a parent that spends nothing itself and a child that burns 400 ms.
    const server = spawn(process.execPath, ["-e", `require("node:child_process").spawn(process.execPath, ["-e", ${JSON.stringify(burner(400))}], { stdio: "ignore" }); setInterval(() => {}, 1000);`], { stdio: "ignore", detached: true });
    const generator = spawn(process.execPath, ["-e", burner(250)], { stdio: "ignore" });
    // Node's own start-up is CPU too: start counting once both are up (they idle until they run).
    await new Promise((resolve) => setTimeout(resolve, 100));
    const before = snapshot(server.pid, generator.pid);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const after = snapshot(server.pid, generator.pid);
    const cost = costBetween(before, after, cpus().length);
    // The whole process group: the child that burned goes too.
    process.kill(-server.pid!, "SIGKILL");
    generator.kill("SIGKILL");
    await Promise.all([exited(server), exited(generator)]);

    expect(cost.wallMs).toBeGreaterThanOrEqual(1_400);
    // Ticks are 10 ms; a burner's own start-up after the first snapshot adds a little.
    expect(cost.serverMs).toBeGreaterThanOrEqual(300);
    expect(cost.serverMs).toBeLessThan(900);
    expect(cost.generatorMs).toBeGreaterThanOrEqual(150);
    expect(cost.generatorMs).toBeLessThan(700);
    expect(cost.busyMs).toBeGreaterThanOrEqual(cost.serverMs + cost.generatorMs - 50);
    expect(cost.busyMs).toBeLessThanOrEqual(cost.wallMs * cost.cores + 50);
  }, 20_000);
});
