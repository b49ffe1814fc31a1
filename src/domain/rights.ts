// A permission group's rights edited one right at a time (docs/domain/permissions.md, "Permission groups"): every
// right needs view, so granting one grants view and taking view away takes the model's row.
import { RIGHTS, type Right, type Rights } from '../entities/permissions';

/** The rights after one box changed, keeping view under every other right. */
export function toggleRight(rights: Rights, model: string, right: Right, on: boolean): Rights {
  const granted = new Set(rights[model] ?? []);
  if (on) {
    granted.add(right);
    granted.add('view');
  } else if (right === 'view') granted.clear();
  else granted.delete(right);
  const next = { ...rights };
  if (granted.size) next[model] = RIGHTS.filter((r) => granted.has(r));
  else delete next[model];
  return next;
}
