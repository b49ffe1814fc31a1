// The audit log's details as the user reads them (views/networks/audit-details.ts; docs/decisions.md, "Audit log
// details"): labels for the stored keys, values formatted and translated — never "cidr: 10.0.0.0/8; action: deny".
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadRecordTranslations } from '../../src/i18n';
import { DEFAULT_DATE_FORMATS, formatDateTime, formatNumber } from '../../src/i18n/format';
import { auditDetails } from '../../views/networks/audit-details';

beforeAll(async () => {
  await loadRecordTranslations();
  await i18n.changeLanguage('de-ch');
});

const format = {
  dateTime: (v: string) => formatDateTime(v, DEFAULT_DATE_FORMATS['de-ch']),
  number: (v: number) => formatNumber(v, 'de-ch'),
};
const lines = (details: Record<string, unknown>) =>
  auditDetails(details, i18n.t, format).map((item) => `${item.label}: ${item.value}`);

describe('audit log details', () => {
  it('names a network rule by its labels and translates its rule', () => {
    expect(lines({ cidr: '10.0.0.0/8', action: 'deny', description: null })).toEqual([
      'IP-Adresse oder Bereich (CIDR): 10.0.0.0/8',
      'Regel: Sperren',
      'Beschreibung: –',
    ]);
  });

  it('shows a change as before → after, each value translated', () => {
    expect(lines({ cidr: '10.0.0.0/8', changes: { action: { from: 'allow', to: 'deny' } } })).toEqual([
      'IP-Adresse oder Bereich (CIDR): 10.0.0.0/8',
      'Regel: Erlauben → Sperren',
    ]);
    expect(lines({ changes: { enforce_two_factor: { from: false, to: true } } })).toEqual([
      'Zwei-Faktor-Anmeldung verlangt: nein → ja',
    ]);
  });

  it('formats dates, roles, rights and lists of records', () => {
    const out = lines({
      email: 'anna@example.ch',
      expires_at: '2026-03-05T09:30:00.000Z',
      role: 'admin',
      user_group_uuids: ['7f0c2b9e-7c1d-4a52-9b53-3c4f7a1f0e11', '0b8f6a0e-1d1c-4c7b-8f0a-52e4a2c9d3b7'],
      rights: { task: ['view', 'update'] },
    });
    expect(out[0]).toBe('E-Mail-Adresse: anna@example.ch');
    expect(out[1]).toMatch(/^Gültig bis: 05\.03\.2026 \d\d:30$/);
    expect(out[2]).toBe('Rolle: Administrator');
    expect(out[3]).toBe('Benutzergruppen: 2 ausgewählt');
    expect(out[4]).toMatch(/^Rechte: Aufgaben: Ansehen, Bearbeiten$/);
  });

  it('names the records of a list when every one is known, else counts them; an empty list is a dash', () => {
    const anna = '7f0c2b9e-7c1d-4a52-9b53-3c4f7a1f0e11';
    const gone = '0b8f6a0e-1d1c-4c7b-8f0a-52e4a2c9d3b7';
    const names: Record<string, string> = { [anna]: 'Anna Keller' };
    const refs = (key: string, uuids: readonly string[]) =>
      key === 'member_uuids' && uuids.every((u) => names[u]) ? uuids.map((u) => names[u]).join(', ') : undefined;
    const named = (details: Record<string, unknown>) =>
      auditDetails(details, i18n.t, { ...format, refs }).map((item) => `${item.label}: ${item.value}`);
    // the list after the change, stored beside it for older readers, is not shown a second time
    expect(
      named({ name: 'Technik', changes: { member_uuids: { old: [], new: [anna] } }, member_uuids: [anna] }),
    ).toEqual(['Name: Technik', 'Mitglieder: – → Anna Keller']);
    expect(named({ member_uuids: [anna, gone] })).toEqual(['Mitglieder: 2 ausgewählt']);
    expect(named({ user_group_uuids: [anna] })).toEqual(['Benutzergruppen: 1 ausgewählt']);
  });

  it('names the model of a settings change and its settings by their labels', () => {
    expect(lines({ model: 'guarantee', changes: { reminder_days: { from: [180, 90, 30], to: [60] } } })).toEqual([
      'Modul: Garantien',
      'Erinnerungen (Tage vor dem Ende): 180, 90, 30 → 60',
    ]);
  });

  it('never shows a raw key of the stored details', () => {
    for (const line of lines({
      cidr: '::1/128',
      action: 'allow',
      replaced: { uuid: 'x', action: 'deny' },
      renamed_from: 'Alt',
      allowed_email_domains: ['example.ch'],
      guarantee_reminder_days: [30, 7],
    }))
      expect(line).not.toMatch(/\b[a-z]+_[a-z_]+\b|\bcidr\b|\baction\b/);
  });
});
