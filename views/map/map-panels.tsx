// The pieces around the map: the KPI legend over it, the list of properties without coordinates ("Place on map"),
// the note while one is being placed, and the phone's bottom sheet with the selected properties.
import { Button, Classes, H2, NonIdealState } from '@blueprintjs/core';
import { MapMarker } from '@blueprintjs/icons';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../src/i18n';
import { legendOf, type Kpi, type UnplacedRow } from './map-data';

export function MapLegend({ kpi }: { kpi: Kpi }) {
  const { t } = useTranslation();
  return (
    <div className={`hw-map-legend ${Classes.ELEVATION_1}`} role="group" aria-label={t('map.legend.label')}>
      <div className="hw-map-legend-title">{t(`map.kpi.${kpi}`)}</div>
      <ul>
        {legendOf(kpi).map(({ bucket, label }) => (
          <li key={bucket}>
            <span className={`hw-map-swatch hw-map-k-${bucket}`} aria-hidden="true" />
            {t(`map.legend.${label}`)}
          </li>
        ))}
      </ul>
      {kpi !== 'none' && (
        <div className={Classes.TEXT_MUTED}>{t(`map.legend.clusters.${kpi === 'budget_use' ? 'max' : 'sum'}`)}</div>
      )}
    </div>
  );
}

interface UnplacedProps {
  rows: readonly UnplacedRow[];
  placing: string | null;
  onPlace: (row: UnplacedRow) => void;
}

/** At most this many are listed (the rest are counted). */
const UNPLACED_SHOWN = 200;

export function UnplacedList({ rows, placing, onPlace }: UnplacedProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  return (
    <section className="hw-map-unplaced" aria-labelledby="hw-map-unplaced-title">
      <header>
        <H2 id="hw-map-unplaced-title">{t('map.unplaced.title', { count: rows.length })}</H2>
        {rows.length > 0 && (
          <Button size="small" variant="minimal" onClick={() => setOpen(!open)} aria-expanded={open}>
            {open ? t('map.unplaced.hide') : t('map.unplaced.show')}
          </Button>
        )}
      </header>
      {rows.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{t('map.unplaced.none')}</p>
      ) : (
        open && (
          <ul>
            {rows.slice(0, UNPLACED_SHOWN).map((row) => (
              <li key={row[0]}>
                <Link to={`/property/${row[0]}`}>{row[1] || t('map.untitled')}</Link>
                <Button
                  size="small"
                  variant="outlined"
                  icon={<MapMarker />}
                  active={placing === row[0]}
                  onClick={() => onPlace(row)}
                  aria-label={t('map.unplaced.placeNamed', { title: row[1] })}
                >
                  {t('map.unplaced.place')}
                </Button>
              </li>
            ))}
            {rows.length > UNPLACED_SHOWN && (
              <li className={Classes.TEXT_MUTED}>{t('map.unplaced.more', { count: rows.length - UNPLACED_SHOWN })}</li>
            )}
          </ul>
        )
      )}
    </section>
  );
}

export function PlacingNote({ title, onCancel }: { title: string; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={`hw-map-placing-note ${Classes.ELEVATION_2}`} role="status">
      <span>{t('map.placing', { title })}</span>
      <Button size="small" onClick={onCancel}>
        {t('map.cancel')}
      </Button>
    </div>
  );
}

/** Listed in the phone's sheet (the rest are counted). */
const SHEET_SHOWN = 100;

export function SelectionList({ items }: { items: readonly { uuid: string; title: string }[] }) {
  const { t } = useTranslation();
  if (items.length === 0)
    return <NonIdealState className="hw-map-sheet-empty" description={t('map.sheet.empty')} layout="horizontal" />;
  return (
    <ul className="hw-map-selection">
      {items.slice(0, SHEET_SHOWN).map((item) => (
        <li key={item.uuid}>
          <Link to={`/property/${item.uuid}`}>{item.title || t('map.untitled')}</Link>
        </li>
      ))}
      {items.length > SHEET_SHOWN && (
        <li className={Classes.TEXT_MUTED}>{t('map.unplaced.more', { count: items.length - SHEET_SHOWN })}</li>
      )}
    </ul>
  );
}
