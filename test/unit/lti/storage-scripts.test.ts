import vm from 'node:vm';
import { launchStoragePage, loginStoragePage, STORAGE_TEXT, STORAGE_WAIT_MS } from '../../../lambdas/lti/platform-storage';

// The scripts of the platform-storage pages (lambdas/lti/storage-scripts.ts) run here as the browser runs them,
// in a context whose window is framed by a fake LMS page: the attacker's tests first. A page of another origin
// that answers lti.get_data is not heard; a storage that answers nothing ends, after its wait, on the Spanish
// message and the form that carries the launch to a new tab, with no values posted. The clock is jest's: no test waits in real time.

const PLATFORM = 'https://lms.example.edu';
const EVIL = 'https://atacante.example';

type Message = Record<string, unknown> & { subject: string; message_id: string };
interface Reply { data: unknown; origin: string }
/** What the fake LMS does with each message the page posts: the replies it (or someone else) sends back. */
type Answer = (message: Message, targetOrigin: string, frame: string) => Reply[];

function run(html: string, answer: Answer, opts: { storage?: boolean; refusal?: string } = {}) {
  const script = /<script>([\s\S]*)<\/script>\s*<\/body>/.exec(html)![1];
  const data = /<script type="application\/json" id="lti-datos">([^<]*)<\/script>/.exec(html)![1];
  const listeners = new Set<(event: unknown) => void>();
  const posted: { message: Message; targetOrigin: string; frame: string }[] = [];
  const fetched: { url: string; body: URLSearchParams }[] = [];
  // `llevar`: the form that posts the launch again to be carried to a new tab (the way out); `carried` counts its posts.
  let carried = 0;
  const elements: Record<string, { textContent: string; hidden: boolean; submit?: () => void }> = {
    'lti-datos': { textContent: data, hidden: false }, estado: { textContent: '', hidden: false }, llevar: { textContent: '', hidden: true, submit: () => { carried += 1; } },
  };
  const session = new Map<string, string>();
  const went: string[] = [];
  const windowOf = (frame: string) => ({
    postMessage: (message: Message, targetOrigin: string) => {
      posted.push({ message, targetOrigin, frame });
      // Delivered later, as the browser does, and only to a page whose origin the sender allowed (checked by the fake LMS).
      for (const reply of answer(message, targetOrigin, frame)) setTimeout(() => listeners.forEach((l) => l({ ...reply, source: {} })), 0);
    },
  });
  const parent = { ...windowOf('_parent'), frames: { post_message_forwarding: windowOf('post_message_forwarding') } };
  const context: Record<string, unknown> = {
    JSON, Promise, Math, Date, Array, Error, URLSearchParams, setTimeout, clearTimeout,
    addEventListener: (type: string, l: (event: unknown) => void) => type === 'message' && listeners.add(l),
    removeEventListener: (type: string, l: (event: unknown) => void) => listeners.delete(l),
    document: { getElementById: (id: string) => elements[id] },
    location: { replace: (url: string) => went.push(url) },
    sessionStorage: opts.storage === false
      ? { setItem: () => { throw new Error('SecurityError'); }, getItem: () => null }
      : { setItem: (k: string, v: string) => session.set(k, v), getItem: (k: string) => session.get(k) ?? null },
    fetch: (url: string, init: { body: URLSearchParams }) => {
      fetched.push({ url, body: init.body });
      if (opts.refusal) return Promise.resolve({ ok: false, json: () => Promise.resolve({ success: false, message: opts.refusal }) });
      return Promise.resolve({ ok: true, json: () => Promise.resolve({ success: true, destino: 'https://mentora.example/lti/entrar?marco=k#ticket=t', ticket: 't', prueba: 'p' }) });
    },
  };
  context.window = context;
  context.parent = parent;
  (context.window as Record<string, unknown>).parent = parent;
  vm.runInNewContext(script, context);
  return { posted, fetched, elements, session, went, carried: () => carried };
}

/** A genuine LMS: it supports the storage in its forwarding frame and keeps what it is given, answering from its own origin. */
function genuineLms(store = new Map<string, string>(), from = PLATFORM): Answer {
  return (message, targetOrigin) => {
    const reply = (fields: Record<string, unknown>) => [{ origin: from, data: { ...fields, subject: `${message.subject}.response`, message_id: message.message_id } }];
    if (message.subject === 'lti.capabilities') return reply({ supported_messages: [{ subject: 'lti.put_data', frame: 'post_message_forwarding' }, { subject: 'lti.get_data', frame: 'post_message_forwarding' }] });
    // The browser delivers a message only to the target origin it names.
    if (targetOrigin !== PLATFORM) return [];
    if (message.subject === 'lti.put_data') {
      store.set(String(message.key), String(message.value));
      return reply({ key: message.key });
    }
    if (message.subject === 'lti.get_data') return store.has(String(message.key)) ? reply({ key: message.key, value: store.get(String(message.key)) }) : reply({ key: message.key, error: { code: 'bad_request', message: 'no value' } });
    return [];
  };
}

const login = () => loginStoragePage({ auth: `${PLATFORM}/auth?state=S&nonce=N`, origen: PLATFORM, destino: 'post_message_forwarding', guardar: [['state_S', 'vinculo'], ['nonce_N', 'N']] });
const launch = () => launchStoragePage({
  origen: PLATFORM, destino: 'post_message_forwarding', claves: { estado: 'state_S', nonce: 'nonce_N' },
  envio: { id_token: 'eyJ.token', state: 'S' }, accion: 'https://mentora.example/api/lti/launch',
});

afterEach(() => jest.useRealTimers());
/** Real time, for the round trips that succeed: until `done` (a bound, not a pace). */
const until = async (done: () => boolean, tries = 200) => {
  for (let i = 0; i < tries && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};
/** Lets the page's message round trips run (each reply is a 0 ms timer), then moves the clock by `ms`. */
const settle = async (ms = 0) => {
  for (let i = 0; i < 20; i++) await jest.advanceTimersByTimeAsync(0);
  await jest.advanceTimersByTimeAsync(ms);
  for (let i = 0; i < 20; i++) await jest.advanceTimersByTimeAsync(0);
};

describe('the login\'s page', () => {
  it('asks the capabilities, stores both values in the storage frame the platform names, to its origin only, then goes to the platform', async () => {
    const store = new Map<string, string>();
    const page = run(login(), genuineLms(store));
    await until(() => page.went.length > 0);
    expect(page.posted.map((p) => [p.message.subject, p.frame, p.targetOrigin])).toEqual([
      ['lti.capabilities', '_parent', '*'],
      ['lti.put_data', 'post_message_forwarding', PLATFORM],
      ['lti.put_data', 'post_message_forwarding', PLATFORM],
    ]);
    expect(Object.fromEntries(store)).toEqual({ state_S: 'vinculo', nonce_N: 'N' });
    expect(page.went).toEqual([`${PLATFORM}/auth?state=S&nonce=N`]);
  });

  it('a platform without the storage: it goes on at once (the launch then carries itself to a new tab)', async () => {
    const page = run(login(), (m) => (m.subject === 'lti.capabilities' ? [{ origin: PLATFORM, data: { subject: 'lti.capabilities.response', message_id: m.message_id, supported_messages: [] } }] : []));
    await until(() => page.went.length > 0);
    expect(page.went).toHaveLength(1);
  });
});

describe('the launch\'s page (attacker\'s tests first)', () => {
  it('reads both values from the platform and posts them with the launch; the ticket\'s proof goes to sessionStorage', async () => {
    const store = new Map([['state_S', 'vinculo'], ['nonce_N', 'N']]);
    const page = run(launch(), genuineLms(store));
    await until(() => page.went.length > 0);
    expect(page.fetched).toHaveLength(1);
    expect(page.fetched[0].url).toBe('https://mentora.example/api/lti/launch');
    expect(Object.fromEntries(page.fetched[0].body)).toEqual({ id_token: 'eyJ.token', state: 'S', almacen_vinculo: 'vinculo', almacen_nonce: 'N' });
    expect(JSON.parse(page.session.get('mentora.lti.prueba')!)).toEqual({ ticket: 't', prueba: 'p' });
    expect(page.went).toEqual(['https://mentora.example/lti/entrar?marco=k#ticket=t']);
  });

  it('a page of another origin answering lti.get_data is not heard: no values posted; after the wait the message, and the launch carried', async () => {
    // The platform answers the capabilities; the attacker's page answers the reads, with the right message id.
    const evil: Answer = (message) => {
      if (message.subject === 'lti.capabilities') return genuineLms()(message, '*', '_parent');
      return [{ origin: EVIL, data: { subject: 'lti.get_data.response', message_id: message.message_id, key: message.key, value: 'valor-del-atacante' } }];
    };
    jest.useFakeTimers();
    const page = run(launch(), evil);
    await settle(STORAGE_WAIT_MS - 1);
    expect(page.carried()).toBe(0);
    await settle(2);
    expect(page.fetched).toEqual([]);
    expect(page.elements.estado.textContent).toBe(STORAGE_TEXT.sinRespuesta);
    expect(page.carried()).toBe(1);
    expect(page.went).toEqual([]);
  });

  it('a storage that answers nothing: after the wait, the Spanish message and the launch carried once; no values posted', async () => {
    jest.useFakeTimers();
    const page = run(launch(), () => []);
    await settle(STORAGE_WAIT_MS + 1);
    expect(page.fetched).toEqual([]);
    expect(page.elements.estado.textContent).toBe(STORAGE_TEXT.sinRespuesta);
    expect(page.carried()).toBe(1);
  });

  it('a storage with no value for this login (a state carried from another browser): no values posted, the launch carried (its "¿Eres tú?" guards it)', async () => {
    const page = run(launch(), genuineLms(new Map()));
    await until(() => page.carried() > 0);
    expect(page.fetched).toEqual([]);
    expect(page.carried()).toBe(1);
  });

  it('Mentora refused the launch: its message, and nothing carried (a refusal is not a storage that failed)', async () => {
    const page = run(launch(), genuineLms(new Map([['state_S', 'vinculo'], ['nonce_N', 'N']])), { refusal: 'Este inicio de sesión ya no es válido.' });
    await until(() => page.elements.estado.textContent !== '');
    await until(() => false, 5);
    expect(page.fetched).toHaveLength(1);
    expect(page.elements.estado.textContent).toBe('Este inicio de sesión ya no es válido.');
    expect(page.carried()).toBe(0);
    expect(page.went).toEqual([]);
  });

  it('a frame where this origin may keep nothing (sessionStorage refused): carried at once, nothing asked', async () => {
    const page = run(launch(), genuineLms(new Map([['state_S', 'vinculo'], ['nonce_N', 'N']])), { storage: false });
    expect(page.posted).toEqual([]);
    expect(page.elements.estado.textContent).toBe(STORAGE_TEXT.sinAlmacen);
    expect(page.carried()).toBe(1);
  });
});
