// Facilities (docs/domain/calculations.md, "Facility figures"): remaining lifetime, renewal costs and book value on read; the
// tasks tied to a facility are offered before archiving it (archive-cascade.routes.ts takes its archive over).
import { bookValue, remainingLifetime, renewalCosts, type FacilityInput } from '../../src/domain/facility-figures';
import type { ModelBehaviour } from '../crud/model-behaviour';

export const facility: ModelBehaviour = {
  computed: (row) => {
    const f = row as FacilityInput;
    const today = new Date();
    return {
      remaining_lifetime: remainingLifetime(f, today),
      renewal_costs: renewalCosts(f),
      depreciation: bookValue(f, today),
    };
  },
  links: [{ name: 'related-tasks' }],
  overrides: ['archive'],
};
