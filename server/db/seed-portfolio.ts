// Portfolio demo data for the demo workspace: 30 properties in Swiss and German cities (real coordinates),
// their partitions and areas, about 2,000 facilities (with sub-facilities), 300 contacts, tenancies and the
// catalogues they use. Deterministic: the same data on every machine.
import type { Db } from './client';
import * as t from './entity-tables';
import { insertRows } from './insert-rows';

const CITIES: [string, string, string, number, number][] = [
  ['Zürich', '8001', 'CH', 47.3769, 8.5417],
  ['Bern', '3011', 'CH', 46.948, 7.4474],
  ['Basel', '4051', 'CH', 47.5596, 7.5886],
  ['Luzern', '6003', 'CH', 47.0502, 8.3093],
  ['St. Gallen', '9000', 'CH', 47.4245, 9.3767],
  ['Winterthur', '8400', 'CH', 47.4988, 8.7237],
  ['Lausanne', '1003', 'CH', 46.5197, 6.6323],
  ['Genève', '1204', 'CH', 46.2044, 6.1432],
  ['Lugano', '6900', 'CH', 46.0037, 8.9511],
  ['Zug', '6300', 'CH', 47.1662, 8.5155],
  ['Chur', '7000', 'CH', 46.8508, 9.532],
  ['Thun', '3600', 'CH', 46.758, 7.628],
  ['Aarau', '5000', 'CH', 47.3925, 8.0442],
  ['Schaffhausen', '8200', 'CH', 47.6973, 8.6349],
  ['Fribourg', '1700', 'CH', 46.8065, 7.162],
  ['Biel/Bienne', '2502', 'CH', 47.1368, 7.2468],
  ['Baden', '5400', 'CH', 47.4733, 8.3059],
  ['Olten', '4600', 'CH', 47.35, 7.9077],
  ['Berlin', '10117', 'DE', 52.52, 13.405],
  ['München', '80331', 'DE', 48.1351, 11.582],
  ['Hamburg', '20095', 'DE', 53.5511, 9.9937],
  ['Frankfurt am Main', '60311', 'DE', 50.1109, 8.6821],
  ['Stuttgart', '70173', 'DE', 48.7758, 9.1829],
  ['Köln', '50667', 'DE', 50.9375, 6.9603],
  ['Freiburg im Breisgau', '79098', 'DE', 47.999, 7.8421],
  ['Konstanz', '78462', 'DE', 47.6779, 9.1732],
  ['Leipzig', '04109', 'DE', 51.3397, 12.3731],
  ['Dresden', '01067', 'DE', 51.0504, 13.7373],
  ['Düsseldorf', '40213', 'DE', 51.2277, 6.7735],
  ['Nürnberg', '90402', 'DE', 49.4521, 11.0767],
];
const STREETS = [
  'Bahnhofstrasse',
  'Hauptstrasse',
  'Seestrasse',
  'Kirchweg',
  'Schulstrasse',
  'Gartenstrasse',
  'Lindenweg',
  'Bergstrasse',
  'Marktgasse',
  'Industriestrasse',
];
const KINDS = ['Wohnüberbauung', 'Geschäftshaus', 'Wohn- und Geschäftshaus', 'Siedlung', 'Bürogebäude'];
const FIRST = [
  'Anna',
  'Luca',
  'Lea',
  'Noah',
  'Mia',
  'Elias',
  'Laura',
  'David',
  'Sarah',
  'Jonas',
  'Nina',
  'Marco',
  'Sofia',
  'Tim',
  'Julia',
  'Reto',
  'Ursula',
  'Beat',
  'Claudia',
  'Stefan',
];
const LAST = [
  'Müller',
  'Meier',
  'Schmid',
  'Keller',
  'Weber',
  'Huber',
  'Schneider',
  'Meyer',
  'Steiner',
  'Fischer',
  'Gerber',
  'Brunner',
  'Baumann',
  'Frei',
  'Zimmermann',
  'Moser',
  'Widmer',
  'Wyss',
  'Graf',
  'Roth',
];
const FIRMS = [
  'Haustechnik',
  'Elektro',
  'Sanitär',
  'Gebäudereinigung',
  'Liftservice',
  'Dachbau',
  'Malerei',
  'Gartenbau',
  'Heizungen',
  'Facility Services',
];
const EQUIPMENT: [string, string, number, string][] = [
  ['Wärmepumpe', 'Heizung', 20, 'D05'],
  ['Gasheizkessel', 'Heizung', 20, 'D05'],
  ['Warmwasserspeicher', 'Sanitär', 25, 'D08'],
  ['Lüftungsgerät', 'Lüftung', 25, 'D07'],
  ['Aufzug', 'Aufzug', 25, 'D09'],
  ['Hauptverteilung', 'Elektro', 30, 'D01'],
  ['Brandmeldeanlage', 'Elektro', 20, 'D01'],
  ['Photovoltaikanlage', 'Elektro', 25, 'D01'],
  ['Flachdach', 'Dach', 40, 'F'],
  ['Fassade', 'Fassade', 40, 'E'],
  ['Fenster', 'Fenster', 30, 'E'],
  ['Umwälzpumpe', 'Heizung', 15, 'D05'],
];
const MAKERS = [
  'Viessmann',
  'Hoval',
  'Stiebel Eltron',
  'Schindler',
  'KONE',
  'Siemens',
  'ABB',
  'Belimo',
  'Grundfos',
  'Geberit',
];

/** A small deterministic generator (mulberry32), so the demo is the same everywhere. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const insertAll = insertRows;

export async function seedPortfolio(db: Db, sg: string, userId: number) {
  const r = rng(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const uuid = () => crypto.randomUUID();
  const stamp = { settings_group_uuid: sg, created_by: userId, updated_by: userId };

  const units = [
    ['Stück', 'Stk'],
    ['Meter', 'm'],
    ['Quadratmeter', 'm²'],
    ['Kubikmeter', 'm³'],
    ['Kilowatt', 'kW'],
  ].map(([name, symbol]) => ({ uuid: uuid(), name, symbol, ...stamp }));
  const costGroups = [
    ['D01', 'Elektroanlage'],
    ['D05', 'Wärmeversorgungsanlage'],
    ['D07', 'Lufttechnische Anlage'],
    ['D08', 'Wasser- und Gasanlage'],
    ['D09', 'Transportanlage'],
    ['E', 'Äussere Wandbekleidung Gebäude'],
    ['F', 'Bedachung Gebäude'],
  ].map(([code, name]) => ({ uuid: uuid(), code, name, ...stamp }));
  const renewalGroups = [...new Set(EQUIPMENT.map((e) => e[1]))].map((name) => ({
    uuid: uuid(),
    name,
    default_lifetime: EQUIPMENT.find((e) => e[1] === name)![2],
    ...stamp,
  }));
  await insertAll(db, t.unit, units);
  await insertAll(db, t.costGroup, costGroups);
  await seedPriceCatalogues(db, stamp, units, costGroups);
  await insertAll(db, t.renewalGroup, renewalGroups);
  // the lifetime table: each kind of equipment as a component type, with its typical lifetime and renewal group
  // (the demo's facilities keep a lifetime of their own, so their figures are as before; no random draw)
  const componentTypes = EQUIPMENT.map(([name, group, lifetime]) => ({
    uuid: uuid(),
    name,
    lifetime,
    renewal_group_uuid: renewalGroups.find((g) => g.name === group)!.uuid,
    ...stamp,
  }));
  await insertAll(db, t.componentType, componentTypes);
  // the renewal forecast's property groups: the properties by country (no random draw, so the rest stays as it was)
  const propertyGroups = new Map(
    [
      ['CH', 'Portfolio Schweiz'],
      ['DE', 'Portfolio Deutschland'],
    ].map(([country, name]) => [country, { uuid: uuid(), name, ...stamp }]),
  );
  await insertAll(db, t.propertyGroup, [...propertyGroups.values()]);
  // a sample construction cost index series (2015 = 100; made-up values of a plausible shape, not a published
  // index), for the facility settings to name when the costs are to be indexed
  const sampleIndex: [number, string][] = [
    [2015, '100.0'],
    [2016, '99.6'],
    [2017, '100.1'],
    [2018, '101.2'],
    [2019, '102.2'],
    [2020, '102.0'],
    [2021, '105.3'],
    [2022, '112.8'],
    [2023, '115.1'],
    [2024, '114.6'],
    [2025, '115.3'],
    [2026, '116.4'],
  ];
  await insertAll(
    db,
    t.constructionCostIndex,
    sampleIndex.map(([year, value]) => ({ uuid: uuid(), series: 'Baupreisindex (Beispiel)', year, value, ...stamp })),
  );

  const contacts: Record<string, unknown>[] = [];
  for (let i = 0; i < 300; i++) {
    const org = i % 5 === 0;
    const first = pick(FIRST);
    const last = pick(LAST);
    const [city, postcode, country] = pick(CITIES);
    const organisation = org ? `${last} ${pick(FIRMS)} AG` : null;
    contacts.push({
      uuid: uuid(),
      kind: org ? 'organisation' : 'person',
      organisation,
      first_name: org ? null : first,
      last_name: org ? null : last,
      display_name: organisation ?? `${first} ${last}`,
      gender: org ? null : pick(['male', 'female']),
      email_address: `${(org ? organisation! : `${first}.${last}`).toLowerCase().replace(/[^a-z]+/g, '.')}${i}@example.ch`,
      phone_number: `+41 ${44 + (i % 40)} ${100 + i} ${10 + (i % 89)} ${10 + ((i * 7) % 89)}`,
      street: `${pick(STREETS)} ${1 + (i % 90)}`,
      postcode,
      city,
      country,
      language: country === 'DE' ? 'de' : 'de-ch',
      keyword: org ? 'Lieferant' : 'Mieter',
      ...stamp,
    });
  }
  await insertAll(db, t.contact, contacts);
  const tenants = contacts.filter((c) => c.kind === 'person');

  const properties: Record<string, unknown>[] = [];
  const partitions: Record<string, unknown>[] = [];
  const areas: Record<string, unknown>[] = [];
  const facilities: Record<string, unknown>[] = [];
  const tenancies: Record<string, unknown>[] = [];
  CITIES.forEach(([city, postcode, country, lat, lng], i) => {
    const p = {
      uuid: uuid(),
      name: `${pick(KINDS)} ${city}`,
      number_internal: `L-${String(1001 + i)}`,
      street: `${pick(STREETS)} ${1 + Math.floor(r() * 120)}`,
      postcode,
      city,
      country,
      latitude: (lat + (r() - 0.5) * 0.02).toFixed(6),
      longitude: (lng + (r() - 0.5) * 0.02).toFixed(6),
      construction_year: 1950 + Math.floor(r() * 70),
      net_room_area: (800 + r() * 6000).toFixed(2),
      energy_reference_area: (900 + r() * 6500).toFixed(2),
      gross_volume: (4000 + r() * 30000).toFixed(2),
      insurance_value_new: (2_000_000 + Math.floor(r() * 18_000_000)).toFixed(2),
      property_group_uuid: propertyGroups.get(country)?.uuid ?? null,
      status: i % 13 === 12 ? 'inactive' : 'active',
      ...stamp,
    };
    // worn 25 % to 65 %, last estimated between 2018 and 2025 at the sample index of its year (no further draw of
    // the demo's random numbers: the rest of the demo stays as it was)
    const insured = Number(p.insurance_value_new);
    properties.push({
      ...p,
      insurance_value_current: Math.round(insured * (0.35 + (i % 5) * 0.1)).toFixed(2),
      insurance_index_base: sampleIndex[3 + (i % 8)]![1],
    });
    const parts = 3 + Math.floor(r() * 6);
    for (let k = 0; k < parts; k++) {
      const usage = k === 0 ? 'commercial' : pick(['residential', 'residential', 'office', 'parking', 'storage']);
      const part = {
        uuid: uuid(),
        property_uuid: p.uuid,
        name:
          usage === 'residential'
            ? `Wohnung ${k + 1}.${1 + (k % 3)}`
            : `${usage === 'office' ? 'Büro' : usage === 'parking' ? 'Einstellhalle' : usage === 'storage' ? 'Lager' : 'Laden'} ${k + 1}`,
        number_internal: `${p.number_internal}-${k + 1}`,
        usage,
        floor: String(k),
        net_room_area: (40 + r() * 160).toFixed(2),
        status: 'active',
        ...stamp,
      };
      partitions.push(part);
      for (let a = 0; a < 2 + Math.floor(r() * 3); a++)
        areas.push({
          uuid: uuid(),
          property_uuid: p.uuid,
          partition_uuid: part.uuid,
          name: pick(['Küche', 'Bad', 'Wohnzimmer', 'Zimmer', 'Korridor', 'Technikraum']),
          number_internal: `${part.number_internal}.${a + 1}`,
          floor: part.floor,
          area_type: a === 0 ? 'room' : pick(['room', 'corridor', 'technical']),
          net_room_area: (8 + r() * 30).toFixed(2),
          ...stamp,
        });
      if (usage === 'residential')
        tenancies.push({
          uuid: uuid(),
          property_uuid: p.uuid,
          partition_uuid: part.uuid,
          contact_uuid: pick(tenants).uuid,
          start_date: `${2015 + Math.floor(r() * 10)}-${String(1 + Math.floor(r() * 12)).padStart(2, '0')}-01`,
          rent_amount: (1200 + Math.floor(r() * 2400)).toFixed(2),
          currency: country === 'DE' ? 'EUR' : 'CHF',
          notice_period: 3,
          status: 'active',
          ...stamp,
        });
    }
    const count = 60 + Math.floor(r() * 14);
    const roots: string[] = [];
    for (let k = 0; k < count; k++) {
      const [name, group, lifetime, code] = pick(EQUIPMENT);
      const year = 1990 + Math.floor(r() * 34);
      const parent = k > 8 && roots.length && r() < 0.35 ? pick(roots) : null;
      const id = uuid();
      if (!parent && k < 12) roots.push(id);
      facilities.push({
        uuid: id,
        property_uuid: p.uuid,
        parent_facility_uuid: parent,
        name: parent ? `${name} (Komponente)` : `${name} ${k + 1}`,
        number_internal: `${p.number_internal}-A${String(k + 1).padStart(3, '0')}`,
        manufacturer: pick(MAKERS),
        serial_number: `SN${Math.floor(r() * 1e8)}`,
        cost_group_uuid: costGroups.find((c) => c.code === code)!.uuid,
        renewal_group_uuid: renewalGroups.find((g) => g.name === group)!.uuid,
        component_type_uuid: componentTypes.find((c) => c.name === name)!.uuid,
        unit_uuid: units[0]!.uuid,
        quantity: String(1 + Math.floor(r() * 4)),
        unit_price: (2000 + Math.floor(r() * 60000)).toFixed(2),
        commissioning_year: year,
        lifetime,
        dismantling_cost_share: '10',
        purchase_date: `${year}-0${1 + Math.floor(r() * 9)}-15`,
        purchase_price: (2500 + Math.floor(r() * 80000)).toFixed(2),
        depreciation_period: lifetime,
        condition: 1 + Math.floor(r() * 4),
        status: r() < 0.05 ? 'inactive' : 'active',
        ...stamp,
      });
    }
  });
  await insertAll(db, t.property, properties);
  await insertAll(db, t.partition, partitions);
  await insertAll(db, t.area, areas);
  // parents before children: roots were created first within each property
  await insertAll(
    db,
    t.facility,
    facilities.filter((f) => !f.parent_facility_uuid),
  );
  await insertAll(
    db,
    t.facility,
    facilities.filter((f) => f.parent_facility_uuid),
  );
  await insertAll(db, t.tenancy, tenancies);
  return {
    properties: properties.length,
    partitions: partitions.length,
    areas: areas.length,
    facilities: facilities.length,
    contacts: contacts.length,
  };
}

type Stamp = { settings_group_uuid: string; created_by: number; updated_by: number };

/**
 * The catalogues order and bill lines pick (no random draw, so the rest of the demo stays as it was): the Swiss VAT
 * rates since 2024 and the rates they replaced, a few articles, materials, discounts and service rates.
 */
async function seedPriceCatalogues(
  db: Db,
  stamp: Stamp,
  units: readonly { uuid: string; symbol?: string }[],
  costGroups: readonly { uuid: string; code?: string }[],
) {
  const taxes = (
    [
      ['MWST Normalsatz', 'N', '8.1', '2024-01-01', null],
      ['MWST reduzierter Satz', 'R', '2.6', '2024-01-01', null],
      ['MWST Sondersatz Beherbergung', 'B', '3.8', '2024-01-01', null],
      ['MWST Normalsatz', 'N', '7.7', '2018-01-01', '2023-12-31'],
      ['MWST reduzierter Satz', 'R', '2.5', '2018-01-01', '2023-12-31'],
      ['MWST Sondersatz Beherbergung', 'B', '3.7', '2018-01-01', '2023-12-31'],
    ] as const
  ).map(([name, code, rate, valid_from, valid_to]) => ({
    uuid: crypto.randomUUID(),
    name,
    code,
    rate,
    valid_from,
    valid_to,
    ...stamp,
  }));
  await insertAll(db, t.tax, taxes);
  const standard = taxes[0]!.uuid;
  const unit = (symbol: string) => units.find((u) => u.symbol === symbol)?.uuid ?? null;
  const group = (code: string) => costGroups.find((c) => c.code === code)?.uuid ?? null;
  const articles = (
    [
      ['A-100', 'Arbeitsstunde Monteur', 'Stk', '105.00', 'D08'],
      ['A-110', 'Arbeitsstunde Elektriker', 'Stk', '112.00', 'D01'],
      ['A-200', 'Filter Lüftungsgerät F7', 'Stk', '48.50', 'D07'],
      ['A-210', 'Dichtband 10 m', 'Stk', '22.40', 'D08'],
      ['A-300', 'Schliesszylinder', 'Stk', '89.00', null],
      ['A-400', 'Fassadenreinigung', 'm²', '14.20', 'E'],
    ] as const
  ).map(([number, title, symbol, unit_price, code]) => ({
    uuid: crypto.randomUUID(),
    number,
    title,
    unit_uuid: unit(symbol),
    unit_price,
    tax_uuid: standard,
    cost_group_uuid: code ? group(code) : null,
    ...stamp,
  }));
  await insertAll(db, t.article, articles);
  const materials = (
    [
      ['Parkett Eiche', 'floor'],
      ['Feinsteinzeug', 'floor'],
      ['Linoleum', 'floor'],
      ['Abrieb weiss', 'wall'],
      ['Keramische Wandplatten', 'wall'],
      ['Stahlbeton', 'construction'],
      ['Stahl verzinkt', 'construction'],
      ['Mineralwolle', 'insulation'],
    ] as const
  ).map(([name, category]) => ({ uuid: crypto.randomUUID(), name, category, ...stamp }));
  await insertAll(db, t.material, materials);
  const discounts = (
    [
      ['Rahmenvertrag 10 %', 'percent', '10'],
      ['Skonto 2 %', 'percent', '2'],
      ['Kulanz CHF 50', 'amount', '50'],
    ] as const
  ).map(([name, kind, value]) => ({ uuid: crypto.randomUUID(), name, kind, value, ...stamp }));
  await insertAll(db, t.discount, discounts);
  const rates = (
    [
      ['Hauswart', '68.00'],
      ['Techniker', '105.00'],
      ['Elektriker', '112.00'],
    ] as const
  ).map(([name, cost_per_hour]) => ({ uuid: crypto.randomUUID(), name, cost_per_hour, ...stamp }));
  await insertAll(db, t.serviceRate, rates);
}
