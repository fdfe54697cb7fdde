import { afterEach, describe, expect, it, vi } from 'vitest';
import { GraphQLRequestError, gqlUpload } from './graphql.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const respond = (body: unknown, status = 200) => {
  const fetchMock = vi.fn(
    async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

describe('gqlUpload', () => {
  it('posts a multipart request: operations with null for each file, the map, then the files', async () => {
    const fetchMock = respond({ data: { addCompanyDocument: { id: '1' } } });
    const plan = new File(['%PDF-'], 'plan.pdf', { type: 'application/pdf' });
    const photo = new File(['png'], 'photo.png');
    const data = await gqlUpload(
      'mutation Add($file: Upload!, $input: In!) { add }',
      { file: plan, input: { title: 'Plan', pictures: [photo], size: 2 } },
      'Add',
    );
    expect(data).toEqual({ addCompanyDocument: { id: '1' } });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/graphql');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    // The browser writes the multipart type with its boundary.
    expect(new Headers(init?.headers).has('content-type')).toBe(false);
    const form = init?.body as FormData;
    expect(JSON.parse(String(form.get('operations')))).toEqual({
      query: 'mutation Add($file: Upload!, $input: In!) { add }',
      operationName: 'Add',
      variables: { file: null, input: { title: 'Plan', pictures: [null], size: 2 } },
    });
    expect(JSON.parse(String(form.get('map')))).toEqual({
      0: ['variables.file'],
      1: ['variables.input.pictures.0'],
    });
    expect((form.get('0') as File).name).toBe('plan.pdf');
    expect((form.get('1') as File).name).toBe('photo.png');
  });

  it("throws the API's error as gqlRequest does, with its fields", async () => {
    respond(
      {
        errors: [
          {
            message: 'Le fichier ne doit pas dépasser 10 Mo',
            extensions: { code: 'BAD_USER_INPUT', fields: { file: 'Le fichier ne doit pas dépasser 10 Mo' } },
          },
        ],
      },
      413,
    );
    const error = await gqlUpload('mutation { add }', { file: new File(['x'], 'a.pdf') }).catch((e) => e);
    expect(error).toBeInstanceOf(GraphQLRequestError);
    expect(error).toMatchObject({
      code: 'BAD_USER_INPUT',
      status: 413,
      fields: { file: 'Le fichier ne doit pas dépasser 10 Mo' },
    });
  });
});
