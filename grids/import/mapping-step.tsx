// Steps 4 and 5: which field each column fills (the server's suggestion or this user's last choice, editable),
// then insert, update or upsert and the one key that finds existing records.
import { Callout, HTMLSelect, HTMLTable, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import type { Dispatch } from 'react';
import type { AnyEntity } from '../../src/entities/define';
import { useTranslation } from '../../src/i18n';
import type { ImportMode, MatchKey } from './import-api';
import { mappingProblems, matchKeys, type MappingProblem, type WizardAction, type WizardState } from './import-state';
import { fieldLabel } from './import-messages';
import { cellText } from './sheet-step';

interface Props {
  entity: AnyEntity;
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
}

function Problems({ problems, entity }: { problems: MappingProblem[]; entity: AnyEntity }) {
  const { t } = useTranslation();
  if (problems.length === 0) return null;
  return (
    <Callout intent={Intent.WARNING} className="hw-import-problem" role="status">
      <ul>
        {problems.map((problem, i) => (
          <li key={i}>
            {problem.kind === 'nothing'
              ? t('transfer.import.problem.nothing')
              : problem.kind === 'duplicate'
                ? t('transfer.import.problem.duplicate', { field: fieldLabel(t, entity, problem.field) })
                : t('transfer.import.problem.noKey', { field: fieldLabel(t, entity, problem.key) })}
          </li>
        ))}
      </ul>
    </Callout>
  );
}

export function MappingStep({ entity, targets, state, dispatch }: Props & { targets: readonly string[] }) {
  const { t } = useTranslation();
  const preview = state.preview;
  if (!preview) return null;
  const options = [
    { value: '', label: t('transfer.import.skipColumn') },
    ...targets.map((field) => ({ value: field, label: fieldLabel(t, entity, field) })),
  ];
  const problems = mappingProblems(state.mapping, 'insert', state.matchKey);
  return (
    <div className="hw-import-mapping">
      <Problems problems={problems} entity={entity} />
      <div className="hw-import-table-wrap">
        <HTMLTable compact className="hw-import-table">
          <thead>
            <tr>
              <th>{t('transfer.import.column')}</th>
              <th>{t('transfer.import.samples')}</th>
              <th>{t('transfer.import.field')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.headers.map((header, i) => (
              <tr key={i}>
                <td>{header}</td>
                <td className="hw-import-samples">
                  {preview.rows
                    .slice(0, 3)
                    .map((row) => cellText(row.cells[i]))
                    .filter(Boolean)
                    .join(' · ')}
                </td>
                <td>
                  <HTMLSelect
                    aria-label={t('transfer.import.fieldFor', { column: header })}
                    value={state.mapping[String(i)] ?? ''}
                    options={options}
                    onChange={(event) => dispatch({ type: 'map', column: String(i), field: event.currentTarget.value })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    </div>
  );
}

const MODES: readonly ImportMode[] = ['insert', 'update', 'upsert'];

export function ModeStep({ entity, state, dispatch }: Props) {
  const { t } = useTranslation();
  return (
    <div className="hw-import-mode">
      <RadioGroup
        label={t('transfer.import.modeLabel')}
        selectedValue={state.mode}
        onChange={(event) => dispatch({ type: 'mode', mode: event.currentTarget.value as ImportMode })}
      >
        {MODES.filter((mode) => !entity.createdByUpload || mode === 'update').map((mode) => (
          <Radio key={mode} value={mode} label={t(`transfer.import.mode.${mode}`)} />
        ))}
      </RadioGroup>
      {state.mode !== 'insert' && (
        <RadioGroup
          label={t('transfer.import.matchKeyLabel')}
          selectedValue={state.matchKey}
          onChange={(event) => dispatch({ type: 'matchKey', key: event.currentTarget.value as MatchKey })}
        >
          {matchKeys(entity).map((key) => (
            <Radio key={key} value={key} label={fieldLabel(t, entity, key)} />
          ))}
        </RadioGroup>
      )}
      <Problems problems={mappingProblems(state.mapping, state.mode, state.matchKey)} entity={entity} />
    </div>
  );
}
