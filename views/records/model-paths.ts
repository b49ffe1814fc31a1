// The client route of each model's screen, for links between records (`?record=<uuid>` opens its drawer).
export const MODEL_PATHS: Readonly<Record<string, string>> = {
  property: '/property',
  partition: '/partitions',
  area: '/areas',
  facility: '/facilities',
  contact: '/contacts',
  document: '/documents',
  task: '/tasks',
  ticket: '/tickets',
  order: '/orders',
  unit: '/settings/units',
  cost_group: '/settings/cost-groups',
  renewal_group: '/settings/renewal/groups',
};

export const recordPath = (model: string, uuid: string) =>
  MODEL_PATHS[model] ? `${MODEL_PATHS[model]}?record=${encodeURIComponent(uuid)}` : null;
