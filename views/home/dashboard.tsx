// The home dashboard's key figures (docs/analytics-api.md, "Dashboard tiles"): a tile per count, each its own query
// so they arrive one by one, each a link to the grid filtered to exactly what it counts; a tile on a model the user
// may not view is left out. Below them two small charts, loaded when the tiles are on screen (recharts stays off the
// first screen). Loaded lazily by home-view.tsx with the record screens' texts.
import { Classes, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../src/api/errors';
import { useRights } from '../../src/components/use-rights';
import { useFormat } from '../../src/components/use-format';
import { useTranslation } from '../../src/i18n';
import {
  fetchTile,
  linkPath,
  tileKey,
  TILE_MODELS,
  TILES,
  useChartSelection,
  type Selection,
  type Tile,
} from '../charts/charts-api';
import { useChartContext } from '../charts/use-chart-context';
import './dashboard.css';

const HomeCharts = lazy(() => import('./home-charts').then((m) => ({ default: m.HomeCharts })));

function TileCard({ tile, selection }: { tile: Tile; selection: Selection }) {
  const { t } = useTranslation();
  const { number, currency } = useFormat();
  const { currency: code } = useChartContext();
  const query = useQuery({
    queryKey: tileKey(tile, selection),
    queryFn: ({ signal }) => fetchTile(tile, selection, signal),
    enabled: Boolean(selection.settingsGroupUuid),
    staleTime: 30_000,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  // refused after all (rights changed meanwhile): left out like a tile without the right
  if (query.error instanceof ApiError && query.error.status === 403) return null;
  const label = t(`charts.tiles.${tile}`);
  const path = query.data ? linkPath({ model: query.data.model, filter: query.data.filter }) : null;
  const value = query.isPending ? (
    <Spinner size={16} />
  ) : query.data ? (
    number(query.data.value)
  ) : (
    <span title={t('charts.home.tileFailed')}>–</span>
  );
  const body = (
    <>
      <span className="hw-tile-value" aria-busy={query.isPending}>
        {value}
      </span>
      <span className="hw-tile-label">{label}</span>
      {query.data?.amount !== undefined && <span className="hw-tile-amount">{currency(query.data.amount, code)}</span>}
    </>
  );
  return (
    <li className="hw-tile" data-tile={tile}>
      {path ? (
        <Link to={path} className="hw-tile-link">
          {body}
        </Link>
      ) : (
        <div className="hw-tile-link">{body}</div>
      )}
    </li>
  );
}

export function Dashboard() {
  const { t } = useTranslation();
  const { may, isLoading } = useRights();
  const selection = useChartSelection();
  if (isLoading || !selection.settingsGroupUuid) return null;
  const tiles = TILES.filter((tile) => may(TILE_MODELS[tile]));
  return (
    <>
      {tiles.length > 0 && (
        <section aria-labelledby="hw-tiles-title">
          <h2 id="hw-tiles-title" className={`${Classes.HEADING} hw-section-title`}>
            {t('charts.home.tiles')}
          </h2>
          <ul className="hw-tiles">
            {tiles.map((tile) => (
              <TileCard key={tile} tile={tile} selection={selection} />
            ))}
          </ul>
        </section>
      )}
      <Suspense fallback={null}>
        <HomeCharts />
      </Suspense>
    </>
  );
}
