// The linked selection's pure rules (src/state/linked-selection.ts; docs/decisions.md, "Linked selection").
import { describe, expect, it } from 'vitest';
import { calendarRecordOf, clickSelection, mergeGridSelection } from '../../src/state/linked-selection';

describe('clickSelection', () => {
  it('selects just the clicked record', () => {
    expect(clickSelection(['a', 'b'], 'c', false)).toEqual(['c']);
    expect(clickSelection(['a', 'b'], 'a', false)).toEqual(['a']);
  });
  it('adds with Ctrl/Cmd, and takes a selected one out', () => {
    expect(clickSelection(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(clickSelection(['a', 'b'], 'a', true)).toEqual(['b']);
    expect(clickSelection([], 'a', true)).toEqual(['a']);
  });
});

describe('mergeGridSelection', () => {
  const loaded = (uuids: string[]) => (uuid: string) => uuids.includes(uuid);
  it('keeps the records the grid has not loaded, then the ticked rows', () => {
    expect(mergeGridSelection(['far', 'a'], ['a', 'b'], loaded(['a', 'b', 'c']))).toEqual(['far', 'a', 'b']);
  });
  it('drops loaded rows the user unticked', () => {
    expect(mergeGridSelection(['a', 'b'], ['b'], loaded(['a', 'b']))).toEqual(['b']);
    expect(mergeGridSelection(['a'], [], loaded(['a']))).toEqual([]);
  });
  it('lists a ticked record once', () => {
    expect(mergeGridSelection(['x'], ['x'], loaded([]))).toEqual(['x']);
  });
});

describe('calendarRecordOf', () => {
  it("is a task event's task, else the item's record", () => {
    expect(calendarRecordOf({ kind: 'task_event', uuid: 'ev', task_uuid: 'task' })).toBe('task');
    expect(calendarRecordOf({ kind: 'task_event', uuid: 'ev', task_uuid: null })).toBeNull();
    expect(calendarRecordOf({ kind: 'ticket', uuid: 't1' })).toBe('t1');
  });
});
