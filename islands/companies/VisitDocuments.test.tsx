import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MESSAGES,
  VISIT_DOCUMENTS_MAX,
  type VisitDocumentItem,
} from '../../common/documents.ts';
import { toast } from '../ui/toast-store.ts';
import { VisitDocuments } from './VisitDocuments.tsx';

type Answer = { status?: number; body: object };
type Sent = { operationName?: string; variables: Record<string, unknown>; map?: unknown; files: File[] };

const sent: Sent[] = [];
let answers: (Answer | Promise<Answer>)[];

/** Reads back what the island sent: JSON, or the multipart request of the GraphQL multipart spec. */
function read(body: unknown): Sent {
  if (typeof body === 'string') return { ...JSON.parse(body), files: [] };
  const form = body as FormData;
  const operations = JSON.parse(String(form.get('operations')));
  const map = JSON.parse(String(form.get('map')));
  return { ...operations, map, files: Object.keys(map).map((key) => form.get(key) as File) };
}

beforeEach(() => {
  sent.length = 0;
  answers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      sent.push(read(init.body));
      const answer = (await answers.shift()) ?? { body: { data: null } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  act(() => toast.clear());
  vi.unstubAllGlobals();
});

const PDF_HEAD = Uint8Array.from('%PDF-1.4\n', (c) => c.charCodeAt(0));
const PNG_HEAD = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const pdf = (name = 'programme.pdf') => new File([PDF_HEAD, 'contenu'], name, { type: 'application/pdf' });

const PLAN: VisitDocumentItem = {
  id: 3,
  title: 'Plan d’accès',
  fileName: 'plan-acces.pdf',
  sizeBytes: 14_500,
  url: '/documents/3/plan-acces.pdf',
};
const LIVRET: VisitDocumentItem = {
  id: 4,
  title: 'Livret d’accueil',
  fileName: 'livret.docx',
  sizeBytes: 2_516_582,
  url: '/documents/4/livret.docx',
};

function setup(documents: VisitDocumentItem[] = [PLAN], options: { applyAccept?: boolean } = {}) {
  const user = userEvent.setup({ applyAccept: options.applyAccept ?? true });
  render(<VisitDocuments documents={documents} />);
  const block = screen.getByRole('region', { name: 'Documents de visite' });
  return {
    user,
    block,
    title: () => within(block).getByLabelText(/Titre du document/) as HTMLInputElement,
    file: () => within(block).getByLabelText(/^Fichier/) as HTMLInputElement,
    submit: () => user.click(within(block).getByRole('button', { name: 'Ajouter le document' })),
  };
}

/** The message shown under a field, through the description the field is read with. */
function errorOf(input: HTMLElement): string | undefined {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith('-error'));
  return error?.textContent ?? undefined;
}

describe('VisitDocuments', () => {
  it('lists each document with its type, size and download link', () => {
    const { block } = setup([PLAN, LIVRET]);
    const items = within(block).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Plan d’accèsPDF · 14 Ko'),
      expect.stringContaining('Livret d’accueilWord · 2,4 Mo'),
    ]);
    const download = within(block).getByRole('link', { name: 'Télécharger Plan d’accès' });
    expect(download.getAttribute('href')).toBe('/documents/3/plan-acces.pdf');
  });

  it('says when there is none yet', () => {
    const { block } = setup([]);
    expect(within(block).getByText('Aucun document pour le moment.')).toBeTruthy();
  });

  it('checks title and file before sending, with the messages of the server, and keeps the title', async () => {
    const { user, title, file, submit } = setup([], { applyAccept: false });
    await submit();
    expect(errorOf(title())).toBe('Ce champ est requis');
    expect(errorOf(file())).toBe(DOCUMENT_MESSAGES.fileRequired);

    await user.type(title(), 'Programme');
    await user.upload(file(), new File(['MZ'], 'outil.exe'));
    await submit();
    expect(errorOf(title())).toBeUndefined();
    expect(errorOf(file())).toBe(DOCUMENT_MESSAGES.unsupportedType);

    await user.upload(file(), new File([new Uint8Array(DOCUMENT_MAX_BYTES + 1)], 'lourd.pdf'));
    await submit();
    expect(errorOf(file())).toBe(DOCUMENT_MESSAGES.tooLarge);

    await user.upload(file(), new File([PNG_HEAD], 'photo.pdf'));
    await submit();
    await waitFor(() => expect(errorOf(file())).toBe(DOCUMENT_MESSAGES.contentMismatch));
    expect(title().value).toBe('Programme');
    expect(sent).toEqual([]);
  });

  it('sends the file as a multipart request, shows it is sending, then lists the new document', async () => {
    let answer!: (value: Answer) => void;
    answers = [new Promise<Answer>((resolve) => (answer = resolve))];
    const { user, block, title, file, submit } = setup();
    await user.type(title(), '  Programme de la visite ');
    await user.upload(file(), pdf());
    await submit();

    await waitFor(() => expect(sent).toHaveLength(1));
    const button = within(block).getByRole('button', { name: /Ajouter le document/ });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(within(button).getByRole('status').textContent).toBe('Chargement…');
    expect(sent[0]).toMatchObject({
      operationName: 'AddCompanyDocument',
      variables: { file: null, title: 'Programme de la visite' },
      map: { 0: ['variables.file'] },
    });
    expect(sent[0]?.files[0]?.name).toBe('programme.pdf');

    answer({
      body: {
        data: {
          addCompanyDocument: {
            id: '9',
            title: 'Programme de la visite',
            fileName: 'programme.pdf',
            sizeBytes: 16,
          },
        },
      },
    });
    const link = await within(block).findByRole('link', { name: 'Télécharger Programme de la visite' });
    expect(link.getAttribute('href')).toBe('/documents/9/programme.pdf');
    expect(within(block).getByText('PDF · 16 octets')).toBeTruthy();
    expect(title().value).toBe('');
    expect(file().files?.length ?? 0).toBe(0);
  });

  it("shows the server's refusal under its field and keeps what was typed", async () => {
    answers = [
      {
        body: {
          errors: [
            {
              message: 'Certains champs sont à corriger.',
              extensions: { code: 'BAD_USER_INPUT', fields: { file: DOCUMENT_MESSAGES.contentMismatch } },
            },
          ],
        },
      },
      // What the multipart middleware answers to a request over its limit: the message, no field.
      {
        status: 413,
        body: { errors: [{ message: DOCUMENT_MESSAGES.tooLarge, extensions: { code: 'BAD_USER_INPUT' } }] },
      },
      {
        body: {
          errors: [
            {
              message: DOCUMENT_MESSAGES.visitDocumentsLimit,
              extensions: { code: 'max_file_limit_reached' },
            },
          ],
        },
      },
    ];
    const { user, block, title, file, submit } = setup();
    await user.type(title(), 'Consignes');
    await user.upload(file(), pdf());
    await submit();
    await waitFor(() => expect(errorOf(file())).toBe(DOCUMENT_MESSAGES.contentMismatch));
    await submit();
    await waitFor(() => expect(errorOf(file())).toBe(DOCUMENT_MESSAGES.tooLarge));
    await submit();
    await waitFor(() =>
      expect(within(block).getByRole('alert').textContent).toBe(DOCUMENT_MESSAGES.visitDocumentsLimit),
    );
    expect(title().value).toBe('Consignes');
    expect(within(block).getAllByRole('listitem')).toHaveLength(1);
  });

  it('deletes a document only once confirmed, then gives the focus back to the block', async () => {
    answers = [{ body: { data: { removeCompanyDocument: true } } }];
    const { user, block } = setup([PLAN, LIVRET]);
    await user.click(within(block).getByRole('button', { name: 'Supprimer Plan d’accès' }));
    let dialog = screen.getByRole('dialog', { name: 'Supprimer ce document ?' });
    expect(
      within(dialog).getByText('Le document « Plan d’accès » sera retiré de la page de votre entreprise.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toEqual([]);

    await user.click(within(block).getByRole('button', { name: 'Supprimer Plan d’accès' }));
    dialog = screen.getByRole('dialog', { name: 'Supprimer ce document ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer le document' }));
    await waitFor(() => expect(within(block).getAllByRole('listitem')).toHaveLength(1));
    expect(sent).toEqual([
      expect.objectContaining({ operationName: 'RemoveCompanyDocument', variables: { id: 3 } }),
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(within(block).getByRole('heading', { name: 'Documents de visite' }));
  });

  it('keeps the dialog open with the reason when the deletion fails', async () => {
    answers = [
      { body: { errors: [{ message: 'Une erreur est survenue', extensions: { code: 'other_error' } }] } },
    ];
    const { user, block } = setup();
    await user.click(within(block).getByRole('button', { name: 'Supprimer Plan d’accès' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer le document' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Une erreur est survenue'),
    );
    expect(within(block).getAllByRole('listitem')).toHaveLength(1);
  });

  it(`offers no upload form once the company has ${VISIT_DOCUMENTS_MAX} documents`, () => {
    const many = Array.from({ length: VISIT_DOCUMENTS_MAX }, (_, i) => ({
      ...PLAN,
      id: i + 1,
      title: `Doc ${i}`,
    }));
    const { block } = setup(many);
    expect(within(block).queryByRole('button', { name: 'Ajouter le document' })).toBeNull();
    expect(within(block).getByText(/nombre maximum de documents de visite \(10\)/)).toBeTruthy();
  });
});
