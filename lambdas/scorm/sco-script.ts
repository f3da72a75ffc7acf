// The one script every SCO of a package loads (recursos/scorm12.js), as text. Plain ES5 with no
// dependency: it runs inside whatever LMS opens the package. It finds the LMS's SCORM 1.2 API the way
// the ADL runtime environment describes (the `API` object on this window's parents, then on the
// opener's), and reports through it: LMSInitialize, cmi.core.lesson_status, cmi.core.score.raw/min/max,
// cmi.core.session_time, LMSCommit, LMSFinish. Without an LMS the pages still work and say so.
// A lesson is completed when its end is seen or "He terminado esta lección" is pressed; an evaluation
// is graded here, in the browser, from the keys in its page (docs/scorm.md says what that means).

export const SCO_SCRIPT = String.raw`(function () {
  'use strict';
  function search(win) {
    for (var hops = 0; win && hops < 10; hops++) {
      try { if (win.API) return win.API; } catch (e) { return null; }
      if (!win.parent || win.parent === win) break;
      win = win.parent;
    }
    return null;
  }
  var api = search(window);
  if (!api && window.opener) { try { api = search(window.opener); } catch (e) { api = null; } }
  var started = !!api && String(api.LMSInitialize('')) === 'true';
  var finished = false;
  var openedAt = new Date().getTime();
  var status = document.getElementById('estado-lms');

  function get(name) { return started ? String(api.LMSGetValue(name)) : ''; }
  function set(name, value) { if (started) api.LMSSetValue(name, String(value)); }
  function commit() { if (started) api.LMSCommit(''); }
  function two(n) { return (n < 10 ? '0' : '') + n; }
  function sessionTime() {
    var s = Math.round((new Date().getTime() - openedAt) / 1000);
    var h = Math.floor(s / 3600);
    return (h < 10 ? '000' : h < 100 ? '00' : h < 1000 ? '0' : '') + h + ':' + two(Math.floor(s / 60) % 60) + ':' + two(s % 60);
  }
  function finish() {
    if (!started || finished) return;
    finished = true;
    set('cmi.core.session_time', sessionTime());
    commit();
    api.LMSFinish('');
  }
  if (status) status.textContent = started ? '' : 'No se encontró una plataforma SCORM: tu avance no se registrará.';
  window.addEventListener('pagehide', finish);
  window.addEventListener('beforeunload', finish);

  // Opened for the first time: the LMS shows it started (a status an earlier session left is kept).
  function opened() {
    var before = get('cmi.core.lesson_status');
    if (before === 'not attempted' || before === '') { set('cmi.core.lesson_status', 'incomplete'); commit(); }
  }

  function lesson() {
    var done = document.getElementById('terminar');
    var said = document.getElementById('estado-leccion');
    opened();
    function complete() {
      if (get('cmi.core.lesson_status') !== 'completed') { set('cmi.core.lesson_status', 'completed'); commit(); }
      if (said) said.textContent = 'Lección completada.';
      if (done) done.disabled = true;
    }
    if (done) done.addEventListener('click', complete);
    var end = document.getElementById('fin-leccion');
    if (end && 'IntersectionObserver' in window) {
      var seen = new IntersectionObserver(function (entries) {
        if (entries[0] && entries[0].isIntersecting) { seen.disconnect(); complete(); }
      });
      seen.observe(end);
    }
  }

  function evaluation() {
    var form = document.getElementById('evaluacion');
    var keys = JSON.parse(document.getElementById('claves').textContent);
    var result = document.getElementById('resultado');
    var again = document.getElementById('otra-vez');
    var mastery = Number(get('cmi.student_data.mastery_score')) || Number(form.getAttribute('data-aprobado'));
    opened();
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var right = 0;
      var missing = 0;
      var answers = [];
      for (var id in keys) {
        var chosen = form.querySelector('input[name="' + id + '"]:checked');
        var box = document.getElementById('pregunta-' + id);
        var note = document.getElementById('nota-' + id);
        if (!chosen) { missing++; continue; }
        var ok = Number(chosen.value) === keys[id];
        if (ok) right++;
        answers.push({ id: id, choice: Number(chosen.value), ok: ok });
        box.className = 'pregunta ' + (ok ? 'bien' : 'mal');
        note.textContent = ok ? 'Correcta.' : 'Incorrecta. La respuesta correcta es: ' + form.querySelector('label[for="' + id + '-' + keys[id] + '"]').textContent;
      }
      if (missing > 0) {
        result.textContent = 'Responde todas las preguntas antes de comprobar (faltan ' + missing + ').';
        return;
      }
      // Each answer as a SCORM interaction (options a-d), after any an earlier try in this session left,
      // so the LMS's per-question report shows what the group misses.
      var first = Number(get('cmi.interactions._count')) || 0;
      for (var k = 0; k < answers.length; k++) {
        var at = 'cmi.interactions.' + (first + k) + '.';
        set(at + 'id', answers[k].id);
        set(at + 'type', 'choice');
        set(at + 'student_response', 'abcd'.charAt(answers[k].choice));
        set(at + 'result', answers[k].ok ? 'correct' : 'wrong');
      }
      var total = Object.keys(keys).length;
      var score = Math.round((100 * right) / total);
      var passed = score >= mastery;
      set('cmi.core.score.min', 0);
      set('cmi.core.score.max', 100);
      set('cmi.core.score.raw', score);
      set('cmi.core.lesson_status', passed ? 'passed' : 'failed');
      commit();
      result.textContent = 'Has acertado ' + right + ' de ' + total + ' (' + score + ' %). ' + (passed ? 'Aprobada.' : 'No aprobada: se necesita un ' + mastery + ' %.');
      form.querySelector('button[type="submit"]').disabled = true;
      again.hidden = false;
      result.focus();
    });
    again.addEventListener('click', function () {
      form.reset();
      for (var id in keys) {
        document.getElementById('pregunta-' + id).className = 'pregunta';
        document.getElementById('nota-' + id).textContent = '';
      }
      result.textContent = '';
      form.querySelector('button[type="submit"]').disabled = false;
      again.hidden = true;
    });
  }

  if (document.body.getAttribute('data-sco') === 'evaluacion') evaluation(); else lesson();
})();
`;
