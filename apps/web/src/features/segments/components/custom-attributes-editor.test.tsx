import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CUSTOM_ATTRIBUTE_DECLARATION_MESSAGES,
  CUSTOM_ATTRIBUTE_MESSAGES,
  type CustomAttribute,
} from '@liveops/domain/segments';
import { renderWithProviders } from '../../../test/render';
import { CustomAttributesEditor } from './custom-attributes-editor';

afterEach(() => vi.unstubAllGlobals());

const IN_USE = 'Segment “Whales” uses an attribute this change removes or retypes (No such key: vip).';

/** The declarations route: GET answers the stored list (or fails), PUT stores one or refuses it as in use. */
function server({ stored = [] as CustomAttribute[], failLoad = 0, refuse = false } = {}) {
  let current = stored;
  let failures = failLoad;
  const puts: unknown[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    expect(url).toBe('/api/games/g1/custom-attributes');
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { customAttributes: CustomAttribute[] };
      puts.push(body);
      if (refuse) return new Response(JSON.stringify({ code: 'ATTRIBUTE_IN_USE', message: IN_USE }), { status: 409 });
      current = body.customAttributes;
    } else if (failures-- > 0) {
      return new Response(JSON.stringify({ code: 'INTERNAL', message: '' }), { status: 500 });
    }
    return new Response(JSON.stringify({ customAttributes: current }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, puts };
}

const rows = () => screen.queryAllByRole('listitem');

describe('CustomAttributesEditor', () => {
  it('says there are none yet, then adds, types and saves attributes', async () => {
    const { puts } = server();
    const user = userEvent.setup();
    renderWithProviders(<CustomAttributesEditor gameId="g1" />);
    expect(screen.getByText(CUSTOM_ATTRIBUTE_DECLARATION_MESSAGES.loading)).toBeInTheDocument();
    expect(await screen.findByText(CUSTOM_ATTRIBUTE_DECLARATION_MESSAGES.empty)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: CUSTOM_ATTRIBUTE_DECLARATION_MESSAGES.saveButtonClean })).toBeDisabled();
    expect(screen.getAllByRole('button', { name: /save/i })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Add attribute' }));
    await user.type(screen.getByRole('textbox', { name: 'Name of attribute 1' }), 'vip');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type of attribute 1' }), 'bool');
    await user.click(screen.getByRole('button', { name: 'Add attribute' }));
    await user.type(screen.getByRole('textbox', { name: 'Name of attribute 2' }), 'tags');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type of attribute 2' }), 'list<string>');
    await user.click(screen.getByRole('button', { name: 'Save Attributes' }));

    await vi.waitFor(() =>
      expect(puts).toEqual([
        {
          customAttributes: [
            { name: 'vip', type: 'bool' },
            { name: 'tags', type: 'list<string>' },
          ],
        },
      ]),
    );
    // Saved: the form starts again from what is stored, and the save bar's line says so (no toast).
    expect(await screen.findByRole('status')).toHaveTextContent(CUSTOM_ATTRIBUTE_DECLARATION_MESSAGES.saved);
    expect(screen.getByRole('button', { name: CUSTOM_ATTRIBUTE_DECLARATION_MESSAGES.saveButtonClean })).toBeDisabled();
    expect(rows()).toHaveLength(2);
  });

  it('shows a bad name’s error under its row and sends nothing', async () => {
    const { puts } = server({ stored: [{ name: 'vip', type: 'bool' }] });
    const user = userEvent.setup();
    renderWithProviders(<CustomAttributesEditor gameId="g1" />);
    const first = await screen.findByRole('textbox', { name: 'Name of attribute 1' });
    expect(first).toHaveValue('vip');
    await user.click(screen.getByRole('button', { name: 'Add attribute' }));
    await user.type(screen.getByRole('textbox', { name: 'Name of attribute 2' }), 'level');
    await user.click(screen.getByRole('button', { name: 'Save Attributes' }));
    const row = rows()[1]!;
    expect(await within(row).findByText(CUSTOM_ATTRIBUTE_MESSAGES.nameBuiltIn('level', 'level'))).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name of attribute 2' })).toHaveAttribute('aria-invalid', 'true');
    expect(puts).toEqual([]);
  });

  it('shows the server’s refusal when a segment uses the attribute, keeping the draft', async () => {
    server({ stored: [{ name: 'vip', type: 'bool' }], refuse: true });
    const user = userEvent.setup();
    renderWithProviders(<CustomAttributesEditor gameId="g1" />);
    await user.click(await screen.findByRole('button', { name: 'Remove attribute 1' }));
    expect(screen.getByText(CUSTOM_ATTRIBUTE_DECLARATION_MESSAGES.empty)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Attributes' }));
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(IN_USE));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByText(CUSTOM_ATTRIBUTE_DECLARATION_MESSAGES.empty)).toBeInTheDocument();
    // Discarding brings back what is stored and clears the refusal.
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.getByRole('textbox', { name: 'Name of attribute 1' })).toHaveValue('vip');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('says when the list could not be loaded, and tries again', async () => {
    server({ stored: [{ name: 'vip', type: 'bool' }], failLoad: 1 });
    const user = userEvent.setup();
    renderWithProviders(<CustomAttributesEditor gameId="g1" />);
    expect(await screen.findByText(CUSTOM_ATTRIBUTE_DECLARATION_MESSAGES.loadFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Name of attribute 1' })).toHaveValue('vip');
  });
});
