// /public/{plural}/{token} (public layout, no login; docs/domain/public-pages.md): the title of the shared record, the
// fields its admins chose as a definition list, and the chosen documents as downloads. A link that does not work
// (unknown, reset, disabled, the record archived) shows one friendly page that reveals nothing.
import { H2, H4, NonIdealState, Spinner } from '@blueprintjs/core';
import { Disable, Error as ErrorIcon } from '@blueprintjs/icons';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { isApiError } from '../../src/api/errors';
import { queryClient } from '../../src/api/query-client';
import { useDocumentTitle } from '../../src/components/use-document-title';
import { DEFAULT_LANGUAGE, isLanguage, useTranslation } from '../../src/i18n';
import { fileSize } from '../documents/file-size';
import { getPublicRecordPage } from './public-page-api';
import './public-pages.css';

/** The public layout has no query client of its own (the signed-in area provides one): bring the app's. */
export function PublicRecordPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <SharedRecord />
    </QueryClientProvider>
  );
}

function SharedRecord() {
  const { t, i18n } = useTranslation();
  const locale = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const { modelName = '', token = '' } = useParams();
  // the language is part of the key: labels and values come translated from the server
  const query = useQuery({
    queryKey: ['public-record-page', modelName, token, locale],
    queryFn: () => getPublicRecordPage(modelName, token),
    retry: false,
  });
  useDocumentTitle(query.data?.title ?? t('records.publicPage.pageTitle'));
  if (query.isLoading) return <Spinner />;
  if (query.isError || !query.data) {
    const gone = isApiError(query.error) && query.error.status === 404;
    return (
      <NonIdealState
        className="hw-public-record-gone"
        icon={gone ? <Disable size={48} /> : <ErrorIcon size={48} />}
        title={gone ? t('records.publicPage.goneTitle') : t('records.publicPage.errorTitle')}
        description={gone ? t('records.publicPage.goneText') : t('records.publicPage.errorText')}
      />
    );
  }
  const page = query.data;
  return (
    <article className="hw-public-record" aria-labelledby="public-record-title">
      <H2 id="public-record-title">{page.title}</H2>
      {page.fields.length > 0 && (
        <dl className="hw-public-record-fields">
          {page.fields.map((f) => (
            <div key={f.name} className="hw-public-record-field" data-field={f.name}>
              <dt>{f.label}</dt>
              <dd>{f.value ?? '–'}</dd>
            </div>
          ))}
        </dl>
      )}
      {page.attachments.length > 0 && (
        <section aria-labelledby="public-record-documents">
          <H4 id="public-record-documents">{t('records.publicPage.documents')}</H4>
          <ul className="hw-public-record-documents">
            {page.attachments.map((d) => (
              <li key={d.uuid}>
                <a href={d.url} download={d.name}>
                  {d.title}
                </a>{' '}
                {d.size != null && <span className="hw-muted">{fileSize(d.size, locale, t)}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
