// The recipient's page (/w/{token}): tell the sender it was opened — once it is shown in a
// browser, never on a plain GET — and handle "This is not me" and the unsubscribe confirmation.
(function () {
  var token = location.pathname.split('/')[2] || '';
  var base = '/api/base/deliveries/received/' + encodeURIComponent(token) + '/';
  function post(path) {
    return fetch(base + path, { method: 'POST', credentials: 'omit', referrerPolicy: 'no-referrer', keepalive: true });
  }
  function opened() {
    if (document.visibilityState === 'visible') post('opened/').catch(function () {});
    else document.addEventListener('visibilitychange', function once() {
      if (document.visibilityState !== 'visible') return;
      document.removeEventListener('visibilitychange', once);
      post('opened/').catch(function () {});
    });
  }
  // The "not me" link (?not_me=1) is no open: that person is not the one the wish was for; nor is
  // a mail program's unsubscribe link (?unsubscribe=1).
  if (!/[?&](not_me|unsubscribe)=1/.test(location.search)) requestAnimationFrame(function () { setTimeout(opened, 0); });
  var button = document.getElementById('notme-button');
  if (button) button.addEventListener('click', function () {
    button.disabled = true;
    post(button.getAttribute('data-action')).then(function (res) {
      if (!res.ok) throw new Error(String(res.status));
      var done = document.getElementById('notme-done');
      if (done) done.hidden = false;
      var confirm = document.getElementById('notme-confirm');
      if (confirm) confirm.hidden = true;
      button.hidden = true;
    }).catch(function () { button.disabled = false; });
  });
})();
