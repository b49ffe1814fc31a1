// The per-user ICS subscription (a secret URL): shown on demand, copied, reset with a confirmation (the old URL
// stops working at once).
import { Alert, Button, ControlGroup, InputGroup, Intent } from '@blueprintjs/core';
import { Clipboard, Refresh } from '@blueprintjs/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notify, reportActionError } from '../../src/components/notices';
import { useTranslation } from '../../src/i18n';
import { getFeedUrl, resetFeedUrl } from './calendar-api';

const KEY = ['calendar-feed'];

export function IcsLink() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [shown, setShown] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const feed = useQuery({ queryKey: KEY, queryFn: getFeedUrl, enabled: shown, staleTime: Infinity });
  const reset = useMutation({
    mutationFn: resetFeedUrl,
    onSuccess: (reply) => {
      client.setQueryData(KEY, reply);
      notify.success(t('calendar.ics.resetDone'));
    },
    onError: reportActionError,
  });
  const copy = () => {
    if (!feed.data) return;
    navigator.clipboard.writeText(feed.data.url).then(
      () => notify.success(t('calendar.ics.copied')),
      () => notify.warning(t('calendar.ics.copyFailed')),
    );
  };
  if (!shown)
    return (
      <Button variant="minimal" onClick={() => setShown(true)}>
        {t('calendar.ics.show')}
      </Button>
    );
  return (
    <div className="hw-cal-ics">
      <ControlGroup fill>
        <InputGroup
          readOnly
          aria-label={t('calendar.ics.label')}
          value={feed.data?.url ?? ''}
          placeholder={t('common.loading')}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button icon={<Clipboard />} onClick={copy} disabled={!feed.data}>
          {t('calendar.ics.copy')}
        </Button>
        <Button icon={<Refresh />} onClick={() => setConfirm(true)} loading={reset.isPending}>
          {t('calendar.ics.reset')}
        </Button>
      </ControlGroup>
      <p className="hw-cal-tray-hint">{t('calendar.ics.hint')}</p>
      <Alert
        isOpen={confirm}
        intent={Intent.DANGER}
        confirmButtonText={t('calendar.ics.reset')}
        cancelButtonText={t('common.cancel')}
        onCancel={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          reset.mutate();
        }}
      >
        <p>{t('calendar.ics.confirmReset')}</p>
      </Alert>
    </div>
  );
}
