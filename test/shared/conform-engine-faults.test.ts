/**
 * The scenario runner's own checks on the engine: an engine that changes the state it was given,
 * or throws, fails the scenario (the step function is wrapped here to misbehave on two made-up
 * actions; every other action goes to the real engine).
 */
import { describe, expect, it, vi } from 'vitest';
import type * as StepModule from '../../shared/engine/step';

vi.mock('../../shared/engine/step', async (importOriginal) => {
  const real = await importOriginal<typeof StepModule>();
  return {
    ...real,
    step: (s: Record<string, unknown>, a: Record<string, unknown>) => {
      if (a.do === 'touch_input') s.n = 12345;
      if (a.do === 'crash') throw new Error('engine fault (simulated)');
      return real.step(s as never, a as never);
    },
  };
});

const { runScenario } = await import('../../shared/conformance/run-scenarios');

const PLAYERS = [
  { name: 'A', markers: [], frustrations: 1 },
  { name: 'B', markers: [], frustrations: 1 },
];

function run(events: Record<string, unknown>[]) {
  return runScenario({ id: 'X', game: 'pechvogel', given: { players: PLAYERS }, events } as never);
}

describe('the scenario runner checks the engine', () => {
  it('passes a refusal the engine gives cleanly', () => {
    expect(run([{ do: 'no_such_action', expect_error: 'invalid_event' }]).status).toBe('passed');
  });

  it('fails a step that changed the state it was given, even when the code is right', () => {
    const r = run([{ do: 'touch_input', expect_error: 'invalid_event' }]);
    expect(r.status).toBe('failed');
    expect(r.problems.join('\n')).toMatch(/event 1 \(touch_input\) mutated the input state/);
  });

  it('fails an engine that throws, and stops there', () => {
    const r = run([{ do: 'crash' }, { do: 'touch_input' }]);
    expect(r.status).toBe('failed');
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatch(/event 1 \(crash\) crashed the engine: Error: engine fault/);
  });
});
