import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ConcurrencyGate, GateFull, type GateRefusal } from "../../src/security/gate.ts";

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What happens next: a task of a flooding key (0-4) or of a key never seen before arrives, a running task ends, or time passes. */
type Op = { readonly kind: "flood"; readonly key: number } | { readonly kind: "fresh" } | { readonly kind: "finish"; readonly pick: number } | { readonly kind: "advance"; readonly ms: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant("flood" as const), key: fc.integer({ min: 0, max: 4 }) }), weight: 5 },
  { arbitrary: fc.record({ kind: fc.constant("fresh" as const) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("finish" as const), pick: fc.nat() }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant("advance" as const), ms: fc.integer({ min: 0, max: 3_000 }) }), weight: 2 },
);

const options = fc
  .record({
    slots: fc.integer({ min: 1, max: 3 }),
    maxQueue: fc.integer({ min: 0, max: 8 }),
    maxWaitingPerKey: fc.integer({ min: 1, max: 4 }),
    maxWaitMs: fc.constantFrom(Infinity, 500, 2_000),
    maxAgeMs: fc.constantFrom(Infinity, 4_000),
    halfLifeMs: fc.constantFrom(1_000, 30_000),
    maxKeys: fc.integer({ min: 1, max: 6 }),
  })
  .chain((o) =>
    fc.record({ reservedSlots: fc.integer({ min: 0, max: o.slots - 1 }), belowService: fc.integer({ min: 1, max: 5 }) }).map(({ reservedSlots, belowService }) => ({
      ...o,
      reserved: { slots: reservedSlots, belowService },
    })),
  );

interface Task {
  readonly id: number;
  readonly key: string;
  ran: number;
  finished: boolean;
  outcome: "pending" | "done" | GateRefusal;
  release: () => void;
}

describe("ConcurrencyGate, for any arrivals from many keys", () => {
  it("never runs more than `slots`; a key with no recent service is the next to start; every task runs or is refused, exactly once", async () => {
    await fc.assert(
      fc.asyncProperty(options, fc.array(op, { maxLength: 60 }), async (opts, ops) => {
        let now = 0;
        const gate = new ConcurrencyGate({ ...opts, initialEstimateMs: 100, now: () => now });
        const tasks: Task[] = [];
        const starts: number[] = [];
        /** What went wrong inside the gate's callbacks, where an assertion would not reach the property. */
        const problems: string[] = [];
        let freshSeq = 0;
        /** The fresh task that must start before any other (or be refused as late first). */
        let expectedNext: Task | undefined;

        const arrive = (key: string): Task => {
          const task: Task = { id: tasks.length, key, ran: 0, finished: false, outcome: "pending", release: () => undefined };
          const held = new Promise<void>((resolve) => (task.release = resolve));
          tasks.push(task);
          gate
            .run(async () => {
              task.ran += 1;
              starts.push(task.id);
              await held;
              task.finished = true;
            }, key)
            .then(
              () => (task.outcome = "done"),
              (err: unknown) => {
                if (!(err instanceof GateFull) || task.outcome !== "pending") problems.push(`task ${task.id}: ${String(err)} after ${task.outcome}`);
                if (err instanceof GateFull) task.outcome = err.why;
              },
            );
          return task;
        };
        const running = () => tasks.filter((t) => t.ran > 0 && !t.finished);
        const waiting = () => tasks.filter((t) => t.ran === 0 && t.outcome === "pending");

        for (const next of ops) {
          const startsBefore = starts.length;
          if (next.kind === "advance") now += next.ms;
          else if (next.kind === "finish") {
            const candidates = running();
            candidates[next.pick % Math.max(1, candidates.length)]?.release();
          } else {
            const key = next.kind === "fresh" ? `fresh-${freshSeq++}` : `flood-${next.key}`;
            const slotsFull = running().length >= opts.slots;
            const othersServed = waiting().every((t) => gate.serviceOf(t.key) > 0);
            const unseen = gate.serviceOf(key) === 0 && !tasks.some((t) => t.key === key && t.outcome === "pending");
            const task = arrive(key);
            if (unseen && othersServed) expectedNext = task;
            if (!slotsFull && unseen) {
              await tick();
              expect(task.ran).toBe(1);
            }
          }
          await tick();

          // Its key was refused at the door since (it sent more): it is no newcomer any more.
          if (expectedNext !== undefined && expectedNext.ran === 0 && expectedNext.outcome === "pending" && gate.serviceOf(expectedNext.key) > 0) expectedNext = undefined;
          // A zero-service task is never refused to make room, and nothing starts before it.
          if (expectedNext !== undefined) {
            const expected = expectedNext;
            if (expected.outcome !== "pending" && expected.outcome !== "done") {
              const allowed: readonly GateRefusal[] = opts.maxQueue === 0 ? ["estimate", "late", "queue"] : ["estimate", "late"];
              expect(allowed).toContain(expected.outcome);
              expectedNext = undefined;
            } else {
              for (const id of starts.slice(startsBefore)) {
                if (id === expected.id) {
                  expectedNext = undefined;
                  break;
                }
                expect.fail(`task ${id} (${tasks[id]!.key}) started before ${expected.key}, which had no recent service`);
              }
            }
          }
          expect(running().length).toBeLessThanOrEqual(opts.slots);
          expect(gate.active).toBe(running().length);
          expect(gate.queued).toBe(waiting().length);
          expect(gate.rememberedKeys).toBeLessThanOrEqual(opts.maxKeys + gate.active + gate.queued);
        }

        // Let everything drain: each task ran once and finished, or was refused without running.
        for (let guard = 0; running().length > 0 || waiting().length > 0; guard++) {
          expect(guard).toBeLessThan(200);
          for (const t of running()) t.release();
          await tick();
          await tick();
        }
        await tick();
        expect(problems).toEqual([]);
        for (const t of tasks) {
          expect(t.outcome).not.toBe("pending");
          if (t.outcome === "done") expect([t.ran, t.finished]).toEqual([1, true]);
          else expect(t.ran).toBe(0);
        }
        expect([gate.active, gate.queued]).toEqual([0, 0]);
      }),
      { numRuns: 200 },
    );
  });
});
