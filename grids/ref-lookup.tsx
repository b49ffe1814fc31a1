// Searching records of a referenced model (`GET /{plural}?search=`): the list used by the lookup cell editor
// and the form's reference input. Arrow keys move, Enter picks, Esc cancels.
import { Classes, InputGroup, Menu, MenuDivider, MenuItem, Spinner } from '@blueprintjs/core';
import { Search } from '@blueprintjs/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from '../src/i18n';
import { entityByName } from '../src/entities/registry';
import type { AnyEntity } from '../src/entities/define';
import { listRecords, recordKeys, recordTitle, type ApiRecord } from '../src/api/records';
import { RefTitle, seedRefTitles } from './ref-titles';

const LOOKUP_SIZE = 20;

export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

interface Props {
  model: string;
  /** Extra list parameters, e.g. the selected settings group or the row's property. */
  scope: Record<string, string | string[]>;
  initialSearch?: string;
  allowClear: boolean;
  /** The picked record comes along (a form fills the property of a picked meter from it). */
  onPick: (uuid: string | null, record?: ApiRecord) => void;
  /**
   * Escape. Answers false when there was nothing left to cancel (the lookup's popover already closing): the key then
   * goes on to whatever is around it, so that a second Escape pressed quickly closes the dialog.
   */
  onCancel: () => boolean | void;
}

/** Frames during which the search field takes the focus back (see `useFocusOnOpen`). */
const FOCUS_FRAMES = 5;

/**
 * Puts the focus into the search field once it is in the document, so typing filters at once. In a popover (the
 * form's reference field) the field mounts before the popover's portal is attached, so its autoFocus does nothing,
 * and the popover then focuses its own focus trap: the field takes the focus over the first frames after opening.
 * It stops at the first key pressed in the lookup, and never takes the focus from outside its own overlay: an
 * Escape that closed the popover within those frames has moved the focus to the dialog around it, and taking it
 * back into the closing popover would swallow the second Escape that closes the dialog.
 */
function useFocusOnOpen(input: RefObject<HTMLInputElement | null>, keyPressed: RefObject<boolean>) {
  useEffect(() => {
    let frame = 0;
    let left = FOCUS_FRAMES;
    const focus = () => {
      const field = input.current;
      if (keyPressed.current || !field?.isConnected) return;
      const active = document.activeElement;
      const home = field.closest(`.${Classes.OVERLAY}`);
      const ours = !active || active === document.body || !home || home.contains(active);
      if (active !== field && ours) field.focus();
      if (--left > 0) frame = requestAnimationFrame(focus);
    };
    frame = requestAnimationFrame(focus);
    return () => cancelAnimationFrame(frame);
  }, [input, keyPressed]);
}

/**
 * What tells records with like titles apart: the record's other unique text fields (a meter's number) and, for a
 * model that belongs to a property, the property's title.
 */
function LookupDetail({ entity, record }: { entity: AnyEntity; record: ApiRecord }) {
  const keys = Object.entries(entity.fields)
    .filter(([name, field]) => field.unique && field.kind === 'text' && name !== entity.titleField)
    .map(([name]) => record[name])
    .filter((value) => typeof value === 'string' && value !== '');
  const property =
    entity.scope === 'property' && typeof record.property_uuid === 'string' ? record.property_uuid : null;
  if (keys.length === 0 && !property) return null;
  return (
    <span className="hw-ref-lookup-detail">
      {keys.join(' · ')}
      {keys.length > 0 && property ? ' · ' : null}
      {property && <RefTitle model="property" uuid={property} />}
    </span>
  );
}

export function RefLookup({ model, scope, initialSearch = '', allowClear, onPick, onCancel }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const keyPressed = useRef(false);
  useFocusOnOpen(input, keyPressed);
  const client = useQueryClient();
  const entity = entityByName(model);
  const [search, setSearch] = useState(initialSearch);
  const [active, setActive] = useState(0);
  const term = useDebounced(search.trim(), 250);
  const query = useQuery({
    queryKey: recordKeys.lookup(model, term, scope),
    enabled: Boolean(entity),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      if (!entity) return [];
      const reply = await listRecords(
        entity,
        {
          search: term || undefined,
          per_page: LOOKUP_SIZE,
          ...(entity.status ? { status_limiter: 'all' } : {}),
          ...scope,
        },
        signal,
      );
      seedRefTitles(client, model, reply.data);
      return reply.data;
    },
  });
  const rows = query.data ?? [];
  const options: (string | null)[] = [...(allowClear ? [null] : []), ...rows.map((r) => r.uuid)];

  // Enter picks the first match, never "(none)" by accident.
  const firstMatch = allowClear && rows.length > 0 ? 1 : 0;
  useEffect(() => setActive(firstMatch), [term, firstMatch]);

  const onKeyDown = (event: KeyboardEvent) => {
    keyPressed.current = true;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => Math.max(0, Math.min(options.length - 1, i + step)));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
      const pick = options[active];
      if (pick !== undefined)
        onPick(
          pick,
          rows.find((r) => r.uuid === pick),
        );
    } else if (event.key === 'Escape') {
      if (onCancel() === false) return;
      event.preventDefault();
      event.stopPropagation();
    }
  };

  if (!entity) return null;
  return (
    <div className="hw-ref-lookup" onKeyDown={onKeyDown}>
      <InputGroup
        inputRef={input}
        autoFocus
        leftIcon={<Search />}
        rightElement={query.isFetching ? <Spinner size={16} /> : undefined}
        value={search}
        onValueChange={setSearch}
        placeholder={t('grid.lookup.placeholder')}
        aria-label={t('grid.lookup.placeholder')}
        role="combobox"
        aria-expanded
        aria-controls={`hw-lookup-${model}`}
      />
      <Menu id={`hw-lookup-${model}`} role="listbox" className="hw-ref-lookup-list">
        {allowClear && (
          <>
            <MenuItem
              text={t('grid.lookup.clear')}
              active={active === 0}
              onClick={() => onPick(null)}
              roleStructure="listoption"
            />
            <MenuDivider />
          </>
        )}
        {rows.map((record, index) => (
          <MenuItem
            key={record.uuid}
            roleStructure="listoption"
            text={recordTitle(entity, record) || t('grid.untitled')}
            labelElement={<LookupDetail entity={entity} record={record} />}
            active={active === index + (allowClear ? 1 : 0)}
            onClick={() => onPick(record.uuid, record)}
          />
        ))}
        {!query.isFetching && rows.length === 0 && <MenuItem disabled text={t('grid.lookup.none')} />}
      </Menu>
    </div>
  );
}
