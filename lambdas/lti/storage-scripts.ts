// The two scripts of the LTI client-side storage (1EdTech "LTI Client Side postMessages", its platform storage
// and the OIDC login that uses it; docs/lti.md "Inside the LMS's iframe"). Plain browser JavaScript, constant
// text (the pages allow them by hash), reading their data from the page's JSON block `#lti-datos`.
//
// Both ask the platform's window (the frame's parent, or the opener) which messages it supports
// (`lti.capabilities`, to any origin: the question carries nothing), then talk to its storage frame (the one
// the capabilities name for the message, else `lti_storage_target`) with the platform's origin as the target
// origin, and take a reply only from that origin, with the message id they sent: a page of another origin
// never receives a value and cannot answer for the platform.

const ASK = `function ask(win, origin, subject, fields, ms) {
  return new Promise(function (resolve, reject) {
    var id = 'mentora-' + Math.random().toString(36).slice(2) + '-' + Date.now().toString(36);
    var timer = setTimeout(function () { removeEventListener('message', on); reject(new Error('sin respuesta')); }, ms);
    function on(event) {
      var m = event.data;
      if (!m || typeof m !== 'object' || m.message_id !== id || m.subject !== subject + '.response') return;
      if (origin !== '*' && event.origin !== origin) return;
      clearTimeout(timer);
      removeEventListener('message', on);
      if (m.error) reject(new Error('error')); else resolve(m);
    }
    addEventListener('message', on);
    var message = { subject: subject, message_id: id };
    for (var k in fields) message[k] = fields[k];
    win.postMessage(message, origin);
  });
}
function storage(d) {
  var up = window.parent !== window ? window.parent : window.opener;
  if (!up) return Promise.reject(new Error('sin plataforma'));
  return ask(up, '*', 'lti.capabilities', {}, d.espera).then(function (caps) {
    var list = Array.isArray(caps.supported_messages) ? caps.supported_messages : [];
    function find(name) {
      for (var i = 0; i < list.length; i++) if (list[i] && (list[i].subject === name || list[i].subject === 'org.imsglobal.' + name)) return list[i];
    }
    var put = find('lti.put_data'), get = find('lti.get_data');
    if (!put || !get) throw new Error('sin almacenamiento');
    function frame(entry) {
      var name = entry.frame || d.destino;
      var win = name === '_parent' ? up : up.frames[name];
      if (!win) throw new Error('sin marco');
      return win;
    }
    return {
      put: function (key, value) { return ask(frame(put), d.origen, put.subject, { key: key, value: value }, d.espera); },
      get: function (key) { return ask(frame(get), d.origen, get.subject, { key: key }, d.espera).then(function (m) { return m.value; }); }
    };
  });
}
var d = JSON.parse(document.getElementById('lti-datos').textContent);`;

/**
 * The login's page: stores the state's binding value and the nonce in the platform's storage, then goes on to the
 * platform's authentication endpoint. Whatever the storage answers (or if it answers nothing) it goes on: the
 * launch's page says what failed and offers the new window.
 */
export const LOGIN_SCRIPT = `(function () {
${ASK}
function go() { location.replace(d.auth); }
storage(d).then(function (s) {
  return Promise.all(d.guardar.map(function (kv) { return s.put(kv[0], kv[1]); }));
}).then(go, go);
})();`;

/**
 * The launch's page: reads the two values back from the platform's storage and posts them with the launch to
 * Mentora (same origin), which checks them against the login's state (launch.ts). Then the frame goes to
 * /lti/entrar, the ticket's proof handed over in this origin's sessionStorage (never in an address). No answer, a
 * storage that has nothing for this login or does not work here: its Spanish message, then the page's form posts
 * the launch again to be carried to a new tab (launch.ts `carry`; never a new login: the platform's hint is
 * single-use). Mentora's refusal: its message, and nothing else.
 */
export const LAUNCH_SCRIPT = `(function () {
${ASK}
function say(text) {
  document.getElementById('estado').textContent = text;
}
function carry(text) {
  say(text);
  document.getElementById('llevar').submit();
}
try {
  sessionStorage.setItem('mentora.lti.prueba', '');
} catch (e) {
  return carry(d.textos.sinAlmacen);
}
storage(d).then(function (s) {
  return Promise.all([s.get(d.claves.estado), s.get(d.claves.nonce)]);
}).then(function (values) {
  if (typeof values[0] !== 'string' || typeof values[1] !== 'string') throw new Error('sin valor');
  var body = new URLSearchParams({ id_token: d.envio.id_token, state: d.envio.state, almacen_vinculo: values[0], almacen_nonce: values[1] });
  return fetch(d.accion, { method: 'POST', body: body, credentials: 'same-origin' }).then(function (r) {
    return r.json().then(function (a) {
      if (!r.ok || !a.destino) return say(a.message || d.textos.fallo);
      sessionStorage.setItem('mentora.lti.prueba', JSON.stringify({ ticket: a.ticket, prueba: a.prueba }));
      location.replace(a.destino);
    });
  }, function () { carry(d.textos.fallo); });
}, function () { carry(d.textos.sinRespuesta); });
})();`;

/**
 * The framed launch's page when the browser kept the login's cookie in the frame (launch.ts `framed`): the launch is
 * done; it hands the ticket's proof to the SPA in this origin's sessionStorage, as the launch's page above does after
 * its fetch, and goes to /lti/entrar. A browser that refuses sessionStorage here: the reason, and the way back.
 */
export const HAND_SCRIPT = `(function () {
var d = JSON.parse(document.getElementById('lti-datos').textContent);
try {
  sessionStorage.setItem('mentora.lti.prueba', JSON.stringify({ ticket: d.ticket, prueba: d.prueba }));
} catch (e) {
  document.getElementById('estado').textContent = d.texto;
  return;
}
location.replace(d.destino);
})();`;
