// The rights of a permission group as a matrix (docs/domain/permissions.md, "Permission groups"): a row per model of
// the registry, a column per right. Every right needs view: ticking one ticks view, unticking view clears the row.
import { Checkbox, HTMLTable } from '@blueprintjs/core';
import { toggleRight } from '../../src/domain/rights';
import { RIGHTS, type Rights } from '../../src/entities/permissions';
import { entityList } from '../../src/entities/registry';
import { useTranslation } from '../../src/i18n';

export function RightsMatrix({ rights, onChange }: { rights: Rights; onChange: (rights: Rights) => void }) {
  const { t } = useTranslation();
  return (
    <HTMLTable compact striped className="hw-rights-matrix">
      <thead>
        <tr>
          <th scope="col">{t('permissions.groups.module')}</th>
          {RIGHTS.map((right) => (
            <th key={right} scope="col">
              {t(`permissions.rights.${right}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {entityList.map((entity) => {
          const label = t(`entities.${entity.name}.plural`);
          return (
            <tr key={entity.name}>
              <th scope="row">{label}</th>
              {RIGHTS.map((right) => (
                <td key={right}>
                  <Checkbox
                    className="hw-rights-box"
                    aria-label={`${label}: ${t(`permissions.rights.${right}`)}`}
                    checked={(rights[entity.name] ?? []).includes(right)}
                    onChange={(event) => onChange(toggleRight(rights, entity.name, right, event.currentTarget.checked))}
                  />
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
