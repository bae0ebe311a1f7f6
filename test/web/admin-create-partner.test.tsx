// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { topicNames } from '@shared/topics';
import { CreatePartnerScreen } from '@web/features/staff/screens/CreatePartnerScreen';
import { ERROR_NOTES, SUCCESS_NOTES } from '@web/lib/sounds';
import { aPartner } from './support/admin-records';
import { renderAdminScreen } from './support/admin-screen';
import { FakeWebSocket } from './support/fake-websocket';
import { json, offline, type Responder } from './support/fetch';
import { useScreenEnvironment } from './support/screen-environment';

/** Create Partner (spec sections 2, 5, 7, 8), with Tax Analytics beside it and Partner Management below. */

const sounds = useScreenEnvironment();

function renderScreen(
  responder: Responder = () => json(201, { message: messages.partner.created, Partner: aPartner() }),
) {
  return renderAdminScreen(<CreatePartnerScreen />, { responder });
}

const form = () => within(screen.getByRole('region', { name: 'New partner' }));
const FIELDS = {
  Username: 'Kiss FM',
  Email: 'desk@kissfm.lr',
  'Mobile Money Number': '0777123456',
  'Search String': 'KISS',
} as const;
const password = () => form().getByLabelText(/^Password/) as HTMLInputElement;

function fill(except?: string) {
  for (const [label, value] of Object.entries(FIELDS)) {
    if (label !== except) fireEvent.change(form().getByRole('textbox', { name: label }), { target: { value } });
  }
  if (except !== 'Password') fireEvent.change(password(), { target: { value: 'secret-pass-1' } });
}

const submit = () => fireEvent.click(form().getByRole('button', { name: /Create Partner|Creating Partner/ }));

describe('the create partner screen', () => {
  it('shows the form with every field marked *, the Tax Analytics form beside it and Partner Management below', () => {
    renderScreen();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Create Partner']);
    for (const label of [...Object.keys(FIELDS)]) {
      const input = form().getByRole('textbox', { name: label });
      expect(input.getAttribute('aria-required')).toBe('true');
      expect(input.closest('.field')!.querySelector('label')!.textContent).toBe(`${label} *`);
    }
    expect(password().type).toBe('password');
    expect(form().getByRole('button', { name: 'Create Partner' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Tax Analytics' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit Analytics' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Partner Management' })).toBeTruthy();
    expect(FakeWebSocket.latest().readyState).toBe(FakeWebSocket.CONNECTING);
    act(() => FakeWebSocket.latest().serverOpen());
    expect(FakeWebSocket.latest().subscribedTopics()).toEqual([topicNames.adminPartners]);
  });

  it.each([
    'any field',
    'Username',
    'Email',
    'Password',
    'Mobile Money Number',
    'Search String',
  ])("without %s says 'All fields with * must be filled.' with the error sound, and sends nothing", async (missing) => {
    const { requests } = renderScreen();
    if (missing !== 'any field') fill(missing);
    submit();
    expect(await screen.findByText(messages.validation.allFieldsStar)).toBeTruthy();
    expect(sounds.played).toEqual(ERROR_NOTES.map((n) => n.frequency));
    expect(requests).toHaveLength(0);
  });

  it('treats a blank field as empty', async () => {
    const { requests } = renderScreen();
    fill();
    fireEvent.change(form().getByRole('textbox', { name: 'Search String' }), { target: { value: '   ' } });
    submit();
    expect(await screen.findByText(messages.validation.allFieldsStar)).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it("reads 'Creating Partner...' while sending, then says 'Partner created successfully!' and clears the form", async () => {
    let finish!: () => void;
    const { requests } = renderScreen(
      () =>
        new Promise<Response>(
          (resolve) => (finish = () => resolve(json(201, { message: messages.partner.created, Partner: aPartner() }))),
        ),
    );
    fill();
    submit();
    const busy = form().getByRole('button', { name: 'Creating Partner...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/api/v1/admin/admin-1/create-partner',
      body: {
        username: 'Kiss FM',
        email: 'desk@kissfm.lr',
        password: 'secret-pass-1',
        search_string: 'KISS',
        mobile_money_number: '0777123456',
      },
    });
    await act(async () => finish());
    expect(await screen.findByText(messages.partner.created)).toBeTruthy();
    expect(sounds.played).toEqual(SUCCESS_NOTES.map((n) => n.frequency));
    expect(form().getByRole('button', { name: 'Create Partner' })).toBeTruthy();
    for (const label of Object.keys(FIELDS))
      expect((form().getByRole('textbox', { name: label }) as HTMLInputElement).value).toBe('');
    expect(password().value).toBe('');
  });

  it.each([
    ['the server error', () => json(409, { error: 'That search string is taken.' }), 'That search string is taken.'],
    ["'An unexpected error occurred' without one", () => offline(), messages.generic.unexpected],
  ] as const)('on failure shows %s and keeps the form', async (_what, responder, text) => {
    renderScreen(responder);
    fill();
    await act(async () => submit());
    expect(await screen.findByText(text)).toBeTruthy();
    expect(sounds.played).toEqual(ERROR_NOTES.map((n) => n.frequency));
    expect((form().getByRole('textbox', { name: 'Username' }) as HTMLInputElement).value).toBe('Kiss FM');
  });
});
