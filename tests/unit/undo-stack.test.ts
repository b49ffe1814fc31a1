// The undo stack's bookkeeping: at most 50 steps, a new step forgets the redo side, undo moves a step to redo,
// moves asked for while one runs wait their turn, and the stack is forgotten on logout and when the selected
// settings group changes.
import { beforeEach, describe, expect, it } from 'vitest';
import { clearUndo, moveStep, pushUndo, undoState, UNDO_LIMIT } from '../../grids/undo/undo-stack';
import { selectedSettingsGroupAtom } from '../../src/state/context';
import { setLoggedIn } from '../../src/state/session';
import { store } from '../../src/state/store';

const step = (n: number) => ({
  label: `step ${n}`,
  model: 'facility',
  changes: [{ uuid: `u${n}`, field: 'name', before: 'a', after: 'b' }],
});

describe('undo stack', () => {
  beforeEach(() => clearUndo());

  it('keeps the newest 50 steps', () => {
    for (let i = 0; i < 60; i++) pushUndo(step(i));
    const { undo } = undoState();
    expect(undo).toHaveLength(UNDO_LIMIT);
    expect(undo[0]!.label).toBe('step 10');
    expect(undo.at(-1)!.label).toBe('step 59');
  });

  it('moves the top step to redo while it is undone, and a new action forgets the redo side', async () => {
    pushUndo(step(1));
    pushUndo(step(2));
    const seen: string[] = [];
    await moveStep('undo', async (s) => {
      seen.push(s.label);
      return { ...s, versions: { u2: 'v2' } };
    });
    expect(seen).toEqual(['step 2']);
    expect(undoState().undo.map((s) => s.label)).toEqual(['step 1']);
    expect(undoState().redo.map((s) => [s.label, s.versions])).toEqual([['step 2', { u2: 'v2' }]]);
    pushUndo(step(3));
    expect(undoState().redo).toEqual([]);
  });

  it('keeps a step whose inverse failed, and drops one that cannot be redone', async () => {
    pushUndo(step(1));
    await expect(moveStep('undo', () => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect(undoState().undo).toHaveLength(1);
    expect(undoState().busy).toBe(false);
    await moveStep('undo', () => Promise.resolve(null)); // an import: not redone from the stack
    expect(undoState()).toMatchObject({ undo: [], redo: [] });
  });

  it('runs a move asked for while another runs after it, so no Ctrl+Z is lost', async () => {
    pushUndo(step(1));
    pushUndo(step(2));
    const order: string[] = [];
    let finishFirst: () => void = () => undefined;
    const first = moveStep('undo', (s) => {
      order.push(`start ${s.label}`);
      return new Promise((resolve) => {
        finishFirst = () => {
          order.push(`end ${s.label}`);
          resolve(s);
        };
      });
    });
    const second = moveStep('undo', async (s) => {
      order.push(`start ${s.label}`);
      return s;
    });
    const third = moveStep('undo', async (s) => s); // nothing left by its turn
    await Promise.resolve();
    expect(undoState().busy).toBe(true);
    finishFirst();
    expect((await first)?.label).toBe('step 2');
    expect((await second)?.label).toBe('step 1');
    expect(await third).toBeNull();
    expect(order).toEqual(['start step 2', 'end step 2', 'start step 1']);
    expect(undoState()).toMatchObject({ undo: [], busy: false });
    expect(undoState().redo.map((s) => s.label)).toEqual(['step 2', 'step 1']);
  });

  it('is cleared when the settings group changes and on logout', () => {
    pushUndo(step(1));
    store.set(selectedSettingsGroupAtom, '00000000-0000-4000-8000-000000000001');
    expect(undoState().undo).toEqual([]);
    setLoggedIn(true);
    pushUndo(step(2));
    setLoggedIn(false);
    expect(undoState().undo).toEqual([]);
  });
});
