// The client route of each model's screen, for links between records (`?record=<uuid>` opens its drawer).
export const MODEL_PATHS: Readonly<Record<string, string>> = {
  property: '/property',
  partition: '/partitions',
  area: '/areas',
  facility: '/facilities',
  contract: '/contracts',
  contact: '/contacts',
  document: '/documents',
  unit: '/settings/units',
  cost_group: '/settings/cost-groups',
  renewal_group: '/settings/renewal/groups',
  task: '/tasks',
  ticket: '/tickets',
  order: '/orders',
};

export const recordPath = (model: string, uuid: string) =>
  MODEL_PATHS[model] ? `${MODEL_PATHS[model]}?record=${encodeURIComponent(uuid)}` : null;
