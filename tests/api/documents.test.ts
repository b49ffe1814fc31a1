// Documents (docs/documents-api.md): upload to a record (checksum, type, size limit, the file name
// rule), download (bytes, headers), a record's documents, attach and detach, restore, 401 and cross-workspace 404,
// an order created from a ticket attached to the ticket's documents, and the contractor's download by token.
// @both-databases: the storage backend follows the database.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, json, type TestEnv } from './harness';
import { post, workspace, type Rec, type Ws } from './planning-support';
import { multipart, pdf, storedZip, uploadDocument } from './uploads';
import { scratchFiles, storedKeys } from './stored-files';
import { rowsOf } from '../../server/crud/table';
import { storageBackend } from '../../server/storage/stores';

const LIMIT = 200 * 1024;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-documents-'));

let env: TestEnv;
let a: Ws;
let b: Ws;

beforeAll(async () => {
  env = await createTestEnv({ dataDir, documentMaxBytes: LIMIT });
  a = await workspace(env);
  b = await workspace(env);
});
afterAll(async () => {
  await env.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const errorsOf = (res: { body: string }) => (JSON.parse(res.body) as { errors: Record<string, string[]> }).errors;
/** Stored files (committed, on the configured backend), and files still staged (must stay none). */
const stored = () => storedKeys(env, 'documents');
const incoming = () => scratchFiles(dataDir, 'documents');

async function ticket(ws: Ws, subject = 'Heating fails') {
  const res = await post(ws.client, '/tickets', { property_uuid: ws.property, subject, description: 'No heat' });
  expect(res.status).toBe(201);
  return res.body.data;
}

async function upload(ws: Ws, record: Rec, model: string, name: string, data = pdf(name), extra = {}) {
  return uploadDocument(ws.client, { model_name: model, model_uuid: record.uuid, ...extra }, { name, data });
}

async function uploaded(ws: Ws, record: Rec, model: string, name: string, data = pdf(name)) {
  const res = await upload(ws, record, model, name, data);
  expect(res.statusCode, res.body).toBe(201);
  return json<{ data: Rec }>(res).data;
}

const documentsOf = async (ws: Ws, model: string, uuid: string) =>
  json<{ data: Rec[]; meta: { total: number } }>(
    await ws.client.get(`/documents?model_name=${model}&model_uuid=${uuid}&sort_by=created_at`),
  );

describe('upload and download', () => {
  it('stores the file with its checksum, type and size, attached to the record, and serves the same bytes', async () => {
    const t = await ticket(a);
    const data = pdf('quote for the boiler');
    const doc = await uploaded(a, t, 'ticket', 'Offerte Heizung.pdf', data);
    expect(doc).toMatchObject({
      title: 'Offerte Heizung',
      original_filename: 'Offerte Heizung.pdf',
      file_type: 'application/pdf',
      size: data.length,
      checksum: sha256(data),
      settings_group_uuid: a.settingsGroup,
      property_uuid: a.property,
      thumbnail: null,
    });
    expect(doc.filename).toMatch(/^[0-9a-f-]{36}$/);
    expect(await stored()).toContain(doc.filename);
    expect(incoming()).toEqual([]);

    const file = await a.client.get(`/documents/${doc.uuid}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(data)).toBe(true);
    expect(sha256(file.rawPayload)).toBe(doc.checksum);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-length']).toBe(String(data.length));
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Offerte Heizung.pdf"; filename*=UTF-8''Offerte%20Heizung.pdf`,
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe("sandbox; default-src 'none'");

    const listed = await documentsOf(a, 'ticket', t.uuid);
    expect(listed.data.map((d) => d.uuid)).toEqual([doc.uuid]);
    expect(listed.meta.total).toBe(1);
    expect(errorsOf(await a.client.get(`/documents?model_name=ticket`))).toHaveProperty('model_uuid');
    const other = await ticket(a);
    expect((await documentsOf(a, 'ticket', other.uuid)).data).toEqual([]);
  });

  it('keeps a UTF-8 file name and sends it RFC 5987-encoded with an ASCII fallback', async () => {
    const t = await ticket(a);
    const doc = await uploaded(a, t, 'ticket', 'Grundriss Küche (EG).pdf');
    expect(doc.original_filename).toBe('Grundriss Küche (EG).pdf');
    const file = await a.client.get(`/documents/${doc.uuid}/file`);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Grundriss Kuche (EG).pdf"; filename*=UTF-8''Grundriss%20K%C3%BCche%20%28EG%29.pdf`,
    );
  });

  it('takes the description fields along and attaches to records of any model', async () => {
    const c = json<{ data: Rec }>(
      await a.client.post('/contacts', { settings_group_uuid: a.settingsGroup, kind: 'person', last_name: 'Muster' }),
    ).data;
    const res = await upload(a, c, 'contact', 'Ausweis.png', Buffer.from('89504e470d0a1a0a0000', 'hex'), {
      title: 'ID card',
      category: 'certificate',
      language: 'de-ch',
      valid_from: '2026-01-01',
      valid_to: '2030-12-31',
      is_primary: '1',
      keyword: 'identity',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(json<{ data: Rec }>(res).data).toMatchObject({
      title: 'ID card',
      file_type: 'image/png',
      category: 'certificate',
      language: 'de-ch',
      valid_from: '2026-01-01',
      valid_to: '2030-12-31',
      is_primary: true,
      property_uuid: null,
    });
  });

  it('answers 422 "Please select a file!" without a file, multipart or JSON, and keeps nothing', async () => {
    const t = await ticket(a);
    const none = await uploadDocument(a.client, { model_name: 'ticket', model_uuid: t.uuid });
    expect(none.statusCode).toBe(422);
    expect(errorsOf(none)).toEqual({ file: ['Please select a file!'] });
    const asJson = await a.client.post('/documents', { model_name: 'ticket', model_uuid: t.uuid });
    expect(errorsOf(asJson)).toEqual({ file: ['Please select a file!'] });
    expect((await documentsOf(a, 'ticket', t.uuid)).data).toHaveLength(0);
  });

  it('answers 422 for a file over the limit, an empty file, a type not on the list and a disguised one', async () => {
    const t = await ticket(a);
    const before = (await stored()).length;
    const big = await upload(a, t, 'ticket', 'scan.pdf', Buffer.concat([pdf(), Buffer.alloc(LIMIT)]));
    expect(big.statusCode).toBe(422);
    expect(errorsOf(big)).toEqual({ file: ['The file is larger than 0.2 MB.'] });
    const empty = await upload(a, t, 'ticket', 'empty.txt', Buffer.alloc(0));
    expect(errorsOf(empty)).toEqual({ file: ['The file is empty.'] });
    for (const name of ['page.html', 'drawing.svg', 'tool.exe', 'noextension']) {
      const res = await upload(a, t, 'ticket', name, Buffer.from('<svg onload="alert(1)"/>'));
      expect(errorsOf(res), name).toEqual({ file: ['Files of this type cannot be uploaded.'] });
    }
    const disguised = await upload(a, t, 'ticket', 'invoice.pdf', Buffer.from('MZ\x90\x00 not a pdf'));
    expect(errorsOf(disguised)).toEqual({ file: ['The content of the file does not match its file name extension.'] });
    expect((await stored()).length).toBe(before);
    expect(incoming()).toEqual([]);
    expect((await documentsOf(a, 'ticket', t.uuid)).data).toHaveLength(0);
  });

  it('opens Office and OpenDocument files: a zip is not a .docx, nor a workbook a document', async () => {
    const t = await ticket(a);
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Zähler').addRow(['Haus A', 1234.5]);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const sheet = await upload(a, t, 'ticket', 'Zählerstände.xlsx', xlsx);
    expect(sheet.statusCode).toBe(201);
    const odt = storedZip([
      ['mimetype', 'application/vnd.oasis.opendocument.text'],
      ['content.xml', '<office:document-content/>'],
      ['META-INF/manifest.xml', '<manifest:manifest/>'],
    ]);
    expect((await upload(a, t, 'ticket', 'Protokoll.odt', Buffer.from(odt))).statusCode).toBe(201);
    const before = (await stored()).length;
    const mismatch = { file: ['The content of the file does not match its file name extension.'] };
    for (const [name, data] of [
      ['Vertrag.docx', xlsx], // a workbook named as a text document
      ['Offerte.docx', storedZip([['notes.txt', 'hello']])], // any zip
      ['Liste.xlsx', storedZip([['[Content_Types].xml', '<Types/>']])], // content types but no workbook
      ['Tabelle.ods', odt], // an OpenDocument text named as a spreadsheet
      [
        'Brief.odt',
        storedZip([
          ['content.xml', '<x/>'],
          ['mimetype', 'application/vnd.oasis.opendocument.text'],
        ]),
      ],
      ['Kaputt.xlsx', xlsx.subarray(0, xlsx.length - 30)], // its directory cut off
    ] as const) {
      const res = await upload(a, t, 'ticket', name, Buffer.from(data));
      expect(errorsOf(res), name).toEqual(mismatch);
    }
    expect((await stored()).length).toBe(before);
    expect(incoming()).toEqual([]);
  });

  it('refuses unknown fields, a bad record reference and a second file part', async () => {
    const t = await ticket(a);
    const res = await uploadDocument(
      a.client,
      { model_name: 'ticket', model_uuid: t.uuid, created_by: '1', settings_group_uuid: b.settingsGroup },
      { name: 'a.pdf', data: pdf() },
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(errorsOf(res)).sort()).toEqual(['created_by', 'settings_group_uuid']);
    const model = await upload(a, t, 'not_a_model', 'a.pdf');
    expect(errorsOf(model)).toHaveProperty('model_name');
    const doc = await uploaded(a, t, 'ticket', 'x.pdf');
    const onDocument = await upload(a, doc, 'document', 'a.pdf');
    expect(errorsOf(onDocument)).toHaveProperty('model_name');
    const wrongPart = await uploadDocument(
      a.client,
      { model_name: 'ticket', model_uuid: t.uuid },
      { name: 'a.pdf', data: pdf() },
      'attachment',
    );
    expect(errorsOf(wrongPart)).toHaveProperty('attachment');
    const one = multipart({ model_name: 'ticket', model_uuid: t.uuid }, { name: 'a.pdf', data: pdf() });
    const second = multipart({}, { name: 'b.pdf', data: pdf() });
    const boundary = one.contentType.split('boundary=')[1]!;
    const twoFiles = Buffer.concat([
      one.body.subarray(0, one.body.length - `--${boundary}--\r\n`.length),
      Buffer.from(
        second.body.toString('latin1').replaceAll(second.contentType.split('boundary=')[1]!, boundary),
        'latin1',
      ),
    ]);
    const both = await a.client.request('POST', '/documents', twoFiles, { 'content-type': one.contentType });
    expect(both.statusCode).toBe(413);
    expect((await documentsOf(a, 'ticket', t.uuid)).data.map((d) => d.original_filename)).toEqual(['x.pdf']);
    expect(incoming()).toEqual([]);
  });
});

describe('the file name rule', () => {
  it('refuses a file name already used among the record’s documents (case-insensitive), not elsewhere', async () => {
    const t = await ticket(a);
    await uploaded(a, t, 'ticket', 'Protokoll.pdf');
    const before = (await stored()).length;
    const again = await upload(a, t, 'ticket', 'protokoll.PDF');
    expect(again.statusCode).toBe(422);
    expect(errorsOf(again)).toEqual({ file: ['A document with the same file name already exists.'] });
    expect((await stored()).length).toBe(before);
    const other = await ticket(a);
    await uploaded(a, other, 'ticket', 'Protokoll.pdf');
  });

  it('lets exactly one of two simultaneous uploads of the same name through', async () => {
    const t = await ticket(a);
    const both = await Promise.all([upload(a, t, 'ticket', 'same.pdf'), upload(a, t, 'ticket', 'same.pdf')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect((await documentsOf(a, 'ticket', t.uuid)).data).toHaveLength(1);
  });

  it('frees the name while a document is archived and refuses to restore it over a newer one', async () => {
    const t = await ticket(a);
    const first = await uploaded(a, t, 'ticket', 'Plan.pdf');
    expect((await a.client.post(`/documents/${first.uuid}/archive`)).statusCode).toBe(200);
    await uploaded(a, t, 'ticket', 'Plan.pdf');
    const restore = await a.client.post(`/documents/${first.uuid}/restore`);
    expect(restore.statusCode).toBe(422);
    expect(errorsOf(restore)).toEqual({ original_filename: ['A document with the same file name already exists.'] });
    expect(json<{ data: Rec }>(await a.client.get(`/documents/${first.uuid}`)).data.archived_at).not.toBeNull();
  });
});

describe('attach, detach, edit, delete', () => {
  it('attaches a document to another record, names its records, and detaches it again', async () => {
    const t = await ticket(a);
    const doc = await uploaded(a, t, 'ticket', 'Foto.jpg', Buffer.from('ffd8ffe000104a464946', 'hex'));
    const order = (await post(a.client, '/orders', { property_uuid: a.property, title: 'Repair' })).body.data;
    const linked = await post(a.client, `/documents/${doc.uuid}/link`, { model_name: 'order', model_uuid: order.uuid });
    expect(linked.status).toBe(200);
    expect((await documentsOf(a, 'order', order.uuid)).data.map((d) => d.uuid)).toEqual([doc.uuid]);
    const links = json<{ data: { model_name: string; model_uuid: string; title: string }[] }>(
      await a.client.get(`/documents/${doc.uuid}/links`),
    ).data;
    expect(links).toEqual([
      { model_name: 'ticket', model_uuid: t.uuid, title: 'Heating fails' },
      { model_name: 'order', model_uuid: order.uuid, title: 'Repair' },
    ]);

    const unlinked = await post(a.client, `/documents/${doc.uuid}/unlink`, {
      model_name: 'ticket',
      model_uuid: t.uuid,
    });
    expect(unlinked.status).toBe(200);
    expect((await documentsOf(a, 'ticket', t.uuid)).data).toHaveLength(0);
    expect((await a.client.get(`/documents/${doc.uuid}`)).statusCode).toBe(200); // the document itself stays
    const twice = await post(a.client, `/documents/${doc.uuid}/unlink`, { model_name: 'ticket', model_uuid: t.uuid });
    expect(twice.status).toBe(404);
  });

  it('refuses to attach to a record of another settings group or to one with the same file name', async () => {
    const t = await ticket(a);
    const doc = await uploaded(a, t, 'ticket', 'Bericht.pdf');
    const other = await ticket(a);
    await uploaded(a, other, 'ticket', 'bericht.pdf');
    const clash = await post(a.client, `/documents/${doc.uuid}/link`, { model_name: 'ticket', model_uuid: other.uuid });
    expect(clash.status).toBe(422);
    expect(clash.body.errors).toEqual({ model_uuid: ['A document with the same file name already exists.'] });

    const sg2 = json<{ data: { uuid: string } }>(await a.client.post('/settings-groups', { name: 'Second' })).data.uuid;
    const contact = json<{ data: Rec }>(
      await a.client.post('/contacts', { settings_group_uuid: sg2, kind: 'person', last_name: 'Other' }),
    ).data;
    const across = await post(a.client, `/documents/${doc.uuid}/link`, {
      model_name: 'contact',
      model_uuid: contact.uuid,
    });
    expect(across.status).toBe(422);
    expect(Object.keys(across.body.errors!)).toEqual(['model_uuid']);
  });

  it('edits the description through PATCH, not the file fields, and deletes (admin) softly', async () => {
    const t = await ticket(a);
    const doc = await uploaded(a, t, 'ticket', 'Vertrag.pdf');
    const ok = await a.client.patch(`/documents/${doc.uuid}`, { title: 'Service contract', category: 'contract' });
    expect(ok.statusCode).toBe(200);
    expect(json<{ data: Rec }>(ok).data).toMatchObject({ title: 'Service contract', category: 'contract' });
    const fileFields = await a.client.patch(`/documents/${doc.uuid}`, { checksum: 'x', filename: 'y', size: 1 });
    expect(Object.keys(errorsOf(fileFields)).sort()).toEqual(['checksum', 'filename', 'size']);
    const order = await a.client.patch(`/documents/${doc.uuid}`, { valid_from: '2026-05-01', valid_to: '2026-04-01' });
    expect(errorsOf(order)).toHaveProperty('valid_to');
    expect((await a.client.delete(`/documents/${doc.uuid}`)).statusCode).toBe(200);
    expect((await a.client.get(`/documents/${doc.uuid}/file`)).statusCode).toBe(404);
    expect((await documentsOf(a, 'ticket', t.uuid)).data).toHaveLength(0);
  });

  it('has no bulk create, and an import may only update documents', async () => {
    expect((await a.client.post('/documents/bulk', { rows: [{ title: 'x' }] })).statusCode).toBe(404);
    const t = await ticket(a);
    const doc = await uploaded(a, t, 'ticket', 'Liste.pdf');
    const bulk = await a.client.patch('/documents', { rows: [{ uuid: doc.uuid, keyword: 'bulk' }] });
    expect(bulk.statusCode).toBe(200);
  });
});

describe('access', () => {
  it('answers 401 on every documents endpoint without a session', async () => {
    const anon = new Client(env.app);
    await anon.csrf();
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/documents'],
      ['POST', '/documents'],
      ['GET', `/documents/${id}`],
      ['GET', `/documents/${id}/file`],
      ['GET', `/documents/${id}/links`],
      ['POST', `/documents/${id}/link`],
      ['POST', `/documents/${id}/unlink`],
    ] as const)
      expect((await anon.request(method, url, method === 'POST' ? {} : undefined)).statusCode, url).toBe(401);
    const multi = await uploadDocument(anon, { model_name: 'ticket', model_uuid: id }, { name: 'a.pdf', data: pdf() });
    expect(multi.statusCode).toBe(401);
  });

  it('keeps another workspace out: 404 on its records, documents, files and links, nothing stored', async () => {
    const t = await ticket(a);
    const doc = await uploaded(a, t, 'ticket', 'Intern.pdf');
    const missing = await b.client.get(`/documents/00000000-0000-4000-8000-000000000000/file`);
    expect(missing.statusCode).toBe(404);
    const before = (await stored()).length;
    const into = await upload(b, t, 'ticket', 'Fremd.pdf');
    expect(into.statusCode).toBe(404);
    expect(into.body).toBe(missing.body);
    expect((await stored()).length).toBe(before);
    expect(incoming()).toEqual([]);
    expect((await b.client.get(`/documents/${doc.uuid}`)).statusCode).toBe(404);
    expect((await b.client.get(`/documents/${doc.uuid}/file`)).statusCode).toBe(404);
    expect((await b.client.get(`/documents/${doc.uuid}/links`)).statusCode).toBe(404);
    expect((await b.client.get(`/documents?model_name=ticket&model_uuid=${t.uuid}`)).statusCode).toBe(404);
    const own = await ticket(b);
    const link = await post(b.client, `/documents/${doc.uuid}/link`, { model_name: 'ticket', model_uuid: own.uuid });
    expect(link.status).toBe(404);
    const steal = await uploaded(b, own, 'ticket', 'Eigen.pdf');
    const intoForeign = await post(b.client, `/documents/${steal.uuid}/link`, {
      model_name: 'ticket',
      model_uuid: t.uuid,
    });
    expect(intoForeign.status).toBe(404);
    const unlink = await post(b.client, `/documents/${doc.uuid}/unlink`, { model_name: 'ticket', model_uuid: t.uuid });
    expect(unlink.status).toBe(404);
    expect((await documentsOf(a, 'ticket', t.uuid)).data.map((d) => d.uuid)).toEqual([doc.uuid]);
    expect(json<{ data: Rec[] }>(await b.client.get('/documents?per_page=500')).data.map((d) => d.uuid)).not.toContain(
      doc.uuid,
    );
  });
});

describe('ticket → order', () => {
  it('attaches the new order to the ticket’s live documents in the same step, without copying files', async () => {
    const t = await ticket(a, 'Leaking roof');
    const photo = Buffer.from('ffd8ffe000104a46494600', 'hex');
    const one = await uploaded(a, t, 'ticket', 'Dach.jpg', photo);
    const two = await uploaded(a, t, 'ticket', 'Offerte.pdf');
    const old = await uploaded(a, t, 'ticket', 'Alt.pdf');
    await a.client.post(`/documents/${old.uuid}/archive`);
    const files = (await stored()).length;
    const documents = json<{ meta: { total: number } }>(await a.client.get('/documents?archived=all')).meta.total;

    const created = await post(a.client, `/tickets/${t.uuid}/create-order`, { kind: 'internal' });
    expect(created.status).toBe(201);
    const order = created.body.data;
    const attached = await documentsOf(a, 'order', order.uuid);
    expect(attached.data.map((d) => d.uuid).sort()).toEqual([one.uuid, two.uuid].sort());
    expect(json<{ meta: { total: number } }>(await a.client.get('/documents?archived=all')).meta.total).toBe(documents);
    expect((await stored()).length).toBe(files);
    const file = await a.client.get(`/documents/${one.uuid}/file`);
    expect(file.rawPayload.equals(photo)).toBe(true);
    // still on the ticket too
    expect((await documentsOf(a, 'ticket', t.uuid)).data).toHaveLength(2);
  });

  it('lets the contractor list and download the order’s documents through the token, and only those', async () => {
    const t = await ticket(a, 'Broken window');
    const data = pdf('window measurements');
    const doc = await uploaded(a, t, 'ticket', 'Masse.pdf', data);
    const other = await uploaded(a, await ticket(a), 'ticket', 'Geheim.pdf');
    const contractor = json<{ data: Rec }>(
      await a.client.post('/contacts', {
        settings_group_uuid: a.settingsGroup,
        kind: 'organisation',
        organisation: 'Glas AG',
        email_address: `glas-${Math.random().toString(36).slice(2, 8)}@example.com`,
        language: 'en-us',
      }),
    ).data;
    const order = (
      await post(a.client, `/tickets/${t.uuid}/create-order`, { kind: 'external', contact_uuid: contractor.uuid })
    ).body.data;
    const sent = await post(a.client, `/orders/${order.uuid}/send`);
    expect(sent.status).toBe(200);
    const token = String(sent.body.meta!.public_url).split('/').pop()!;

    const browser = new Client(env.app, { remoteAddress: '10.9.9.9' });
    const page = json<{
      data: { documents: { uuid: string; original_filename: string; size: number; url: string }[] };
    }>(await browser.get(`/public/orders/${token}`)).data;
    expect(page.documents).toEqual([
      expect.objectContaining({ uuid: doc.uuid, original_filename: 'Masse.pdf', size: data.length }),
    ]);
    const file = await browser.get(page.documents[0]!.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(data)).toBe(true);
    expect(file.headers['content-disposition']).toContain('attachment;');
    expect(file.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(file.headers['referrer-policy']).toBe('no-referrer');
    expect((await browser.get(`/public/orders/${token}/documents/${other.uuid}`)).statusCode).toBe(404);
    expect((await browser.get(`/public/orders/${'x'.repeat(43)}/documents/${doc.uuid}`)).statusCode).toBe(404);
  });
});

/**
 * Sends a multipart upload of a file of `fileBytes` over real HTTP (the app listening on a port), in 64 KB pieces
 * made as they are sent (never held whole), `declared` with a Content-Length or chunked without one, until the
 * answer comes. Answers the status, the body and how many bytes had been sent by then.
 */
async function sendLarge(ws: Ws, record: Rec, fileBytes: number, declared: boolean) {
  const address = env.app.server.address() as AddressInfo;
  const boundary = 'hwlarge7d1f';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="model_name"\r\n\r\nticket\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="model_uuid"\r\n\r\n${record.uuid}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\n` +
      `Content-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const headers: Record<string, string> = {
    'content-type': `multipart/form-data; boundary=${boundary}`,
    cookie: [...ws.client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': decodeURIComponent(ws.client.cookies.get('XSRF-TOKEN')!),
  };
  if (declared) headers['content-length'] = String(head.length + fileBytes + tail.length);
  return new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request(
      // a connection of its own: one left with half a body sent cannot carry another request
      { host: '127.0.0.1', port: address.port, method: 'POST', path: '/api/v1/documents', headers, agent: false },
      (res) => {
        answered = true;
        let body = '';
        res.on('data', (d: Buffer) => (body += String(d)));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode!, body, sent });
        });
      },
    );
    req.on('error', (err) => (answered ? undefined : reject(err)));
    const start = Buffer.from('%PDF-1.4\n'); // the file's first bytes
    const piece = Buffer.alloc(64 * 1024, 0x20);
    let left = fileBytes - start.length;
    const pump = () => {
      while (!answered && left > 0) {
        const n = Math.min(piece.length, left);
        left -= n;
        sent += n;
        if (!req.write(n === piece.length ? piece : piece.subarray(0, n))) return void req.once('drain', pump);
      }
      if (!answered) req.end(tail);
    };
    req.write(Buffer.concat([head, start]));
    pump();
  });
}

describe('storage', () => {
  it('keeps the file on the configured backend, and nothing of an upload whose record fails', async () => {
    const t = await ticket(a);
    const data = pdf('site plan');
    const doc = await uploaded(a, t, 'ticket', 'Plan.pdf', data);
    const key = String(doc.filename);
    const inFolder = path.join(dataDir, 'storage', 'documents', key.slice(0, 2), key);
    const rows = rowsOf<{ size: number; checksum: string }>(
      await env.database.db.execute(sql`select size, checksum from stored_files where key = ${key}`),
    );
    if (storageBackend(env.app.ctx) === 'folder') {
      expect(fs.readFileSync(inFolder).equals(data)).toBe(true);
      expect(rows).toEqual([]);
    } else {
      expect(fs.existsSync(inFolder)).toBe(false);
      expect(rows.map((r) => ({ size: Number(r.size), checksum: r.checksum }))).toEqual([
        { size: data.length, checksum: sha256(data) },
      ]);
    }
    // the file is committed before the record is written; the record then fails (valid_to before valid_from)
    const before = (await stored()).length;
    const failed = await upload(a, t, 'ticket', 'Plan 2.pdf', pdf(), {
      valid_from: '2030-01-02',
      valid_to: '2030-01-01',
    });
    expect(failed.statusCode).toBe(422);
    expect(errorsOf(failed)).toHaveProperty('valid_to');
    expect((await stored()).length).toBe(before);
    expect(incoming()).toEqual([]);
  });

  it('refuses an upload over the limit before storing it, reading little of it: 2 GB declared (413) or streamed (422)', async () => {
    const t = await ticket(a);
    await env.app.listen({ port: 0, host: '127.0.0.1' });
    const before = (await stored()).length;
    const huge = 2 * 1024 ** 3;
    const declared = await sendLarge(a, t, huge, true);
    expect(declared.status, declared.body).toBe(413);
    expect(JSON.parse(declared.body)).toEqual({ message: 'The file is larger than 0.2 MB.' });
    expect(declared.sent).toBeLessThan(64 * 1024 * 1024);
    const streamed = await sendLarge(a, t, huge, false);
    expect(streamed.status, streamed.body).toBe(422);
    expect(errorsOf(streamed)).toEqual({ file: ['The file is larger than 0.2 MB.'] });
    expect(streamed.sent).toBeLessThan(64 * 1024 * 1024);
    expect((await stored()).length).toBe(before);
    expect(incoming()).toEqual([]);
    expect((await documentsOf(a, 'ticket', t.uuid)).data).toHaveLength(0);
    // a file just over the limit with its length declared is read up to the limit: the 422 of the form
    const over = await sendLarge(a, t, LIMIT + 1, true);
    expect(over.status, over.body).toBe(422);
    expect(errorsOf(over)).toEqual({ file: ['The file is larger than 0.2 MB.'] });
  });
});
