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
      // The link takes no replies any more.
      var section = document.querySelector('.reply');
      if (section) section.hidden = true;
    }).catch(function () { button.disabled = false; });
  });

  // Replies: sent as JSON, shown back as text (never markup), each with its take-back button.
  var form = document.getElementById('reply-form');
  var list = document.getElementById('replies');
  function send(method, path, body) {
    return fetch(base + path, { method: method, credentials: 'omit', referrerPolicy: 'no-referrer', headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  }
  function takeBack(item, id) {
    send('DELETE', 'replies/' + encodeURIComponent(id) + '/').then(function (res) {
      if (res.ok || res.status === 404) item.remove();
    }).catch(function () {});
  }
  if (list) list.addEventListener('click', function (event) {
    var target = event.target;
    if (!target || !target.getAttribute || !target.getAttribute('data-take-back')) return;
    target.disabled = true;
    takeBack(target.parentNode, target.getAttribute('data-take-back'));
  });
  if (form) {
    var text = document.getElementById('reply-text');
    var error = document.getElementById('reply-error');
    var sendButton = document.getElementById('reply-send');
    var thanks = document.getElementById('reply-thanks');
    var done = document.getElementById('reply-done');
    var fail = function (message) { error.textContent = message; error.hidden = false; sendButton.disabled = false; };
    if (thanks) thanks.addEventListener('click', function () { text.value = thanks.getAttribute('data-text'); text.focus(); });
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var value = text.value.trim();
      error.hidden = true;
      if (!value) return fail('Write a reply first.');
      sendButton.disabled = true;
      send('POST', 'reply/', { text: value }).then(function (res) {
        return res.json().catch(function () { return {}; }).then(function (body) {
          if (res.status !== 201) return fail((body && (body.error || body.detail)) || 'Your reply could not be sent. Please try again.');
          var item = document.createElement('li');
          item.setAttribute('data-reply-id', String(body.reply_id));
          item.appendChild(document.createTextNode(value));
          var back = document.createElement('button');
          back.type = 'button';
          back.setAttribute('data-take-back', String(body.reply_id));
          back.textContent = 'Take it back';
          item.appendChild(back);
          list.appendChild(item);
          text.value = '';
          done.hidden = false;
          sendButton.disabled = false;
        });
      }).catch(function () { fail('Your reply could not be sent. Please try again.'); });
    });
  }
})();
