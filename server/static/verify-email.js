// /verify-email?token=…: posts the mailed token and says how it went.
(function () {
  var status = document.getElementById('verify-status');
  var token = new URLSearchParams(location.search).get('token') || '';
  fetch('/api/account/verify_email/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: token }) })
    .then(function (res) { return res.json().then(function (body) { return { ok: res.ok, body: body }; }); })
    .then(function (r) { status.textContent = r.ok ? 'Your email address is verified. You can now send wishes to people.' : (r.body && r.body.error) || 'This verification link is not valid or has expired.'; })
    .catch(function () { status.textContent = 'Could not reach Wishes. Please try again.'; });
})();
