// The calendar's own toolbar: previous / today / next, the period's title, the view switch and the date
// shortcuts. Plain Blueprint controls, so every one is reachable and labelled for the keyboard.
import { Button, ButtonGroup, HTMLSelect } from '@blueprintjs/core';
import { ChevronLeft, ChevronRight } from '@blueprintjs/icons';
import { useTranslation } from '../../src/i18n';
import { CALENDAR_VIEWS, SHORTCUTS, type Shortcut } from './calendar-shortcuts';

interface Props {
  title: string;
  viewType: string;
  onPrev: () => void;
  onNext: () => void;
  onToday: () => void;
  onView: (view: string) => void;
  onShortcut: (shortcut: Shortcut) => void;
}

/** The view buttons' label keys; list and multi-month variants count as their family. */
const family = (viewType: string) =>
  viewType.startsWith('list') ? 'listMonth' : viewType.startsWith('multiMonth') ? 'multiMonthYear' : viewType;

export function CalendarToolbar({ title, viewType, onPrev, onNext, onToday, onView, onShortcut }: Props) {
  const { t } = useTranslation();
  return (
    <div className="hw-cal-toolbar" role="toolbar" aria-label={t('calendar.toolbar')}>
      <ButtonGroup>
        <Button icon={<ChevronLeft />} aria-label={t('calendar.previous')} onClick={onPrev} />
        <Button onClick={onToday}>{t('calendar.shortcuts.today')}</Button>
        <Button icon={<ChevronRight />} aria-label={t('calendar.next')} onClick={onNext} />
      </ButtonGroup>
      <h2 className="hw-cal-title" aria-live="polite">
        {title}
      </h2>
      <span className="hw-spacer" />
      <HTMLSelect
        aria-label={t('calendar.goTo')}
        value=""
        onChange={(e) => e.currentTarget.value && onShortcut(e.currentTarget.value as Shortcut)}
        options={[
          { value: '', label: t('calendar.goTo') },
          ...SHORTCUTS.map((s) => ({ value: s, label: t(`calendar.shortcuts.${s}`) })),
        ]}
      />
      <ButtonGroup aria-label={t('calendar.views.label')}>
        {CALENDAR_VIEWS.map((view) => (
          <Button
            key={view}
            active={family(viewType) === view}
            aria-pressed={family(viewType) === view}
            onClick={() => onView(view)}
          >
            {t(`calendar.views.${view}`)}
          </Button>
        ))}
      </ButtonGroup>
    </div>
  );
}
