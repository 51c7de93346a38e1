/** What each refusal means, from nodemailer's errors as it raises them (the SMTP sink's runs are in deliveries/refusals.test.ts). */
import { classifyMailError, enhancedStatus, refusalLabel } from './refusals';

const smtp = (code: string, command: string, response?: string) => {
  const error = Object.assign(new Error('mail failed'), { code, command });
  return response ? Object.assign(error, { response, responseCode: Number(response.slice(0, 3)) }) : error;
};
const label = (error: unknown) => refusalLabel(classifyMailError(error));

describe('mail refusals', () => {
  it('reads the enhanced status code at the start of a reply', () => {
    expect(enhancedStatus('550 5.1.1 <x@example.com>: Recipient address rejected')).toBe('5.1.1');
    expect(enhancedStatus('556 5.1.10 null MX')).toBe('5.1.10');
    expect(enhancedStatus('550-5.2.1 The email account is disabled')).toBe('5.2.1');
    expect(enhancedStatus('550 Mailbox unavailable')).toBeNull();
    expect(enhancedStatus(undefined)).toBeNull();
  });

  it('the mailbox refused at RCPT (550, 5.1.1, 5.1.10, 5.2.1): mailbox', () => {
    for (const reply of ['550 Mailbox unavailable', '550 5.1.1 No such user', '553 5.1.1 No such user', '556 5.1.10 Null MX', '552 5.2.1 Mailbox disabled']) {
      expect([reply, label(smtp('EENVELOPE', 'RCPT TO', reply))]).toEqual([reply, 'mailbox']);
    }
  });

  it('the message refused (5xx after DATA, any 5.7.x, another 5xx of the envelope): message, never a suppression', () => {
    for (const [command, reply] of [
      ['DATA', '554 5.7.1 Spam detected'],
      ['DATA', '552 5.3.4 Message too big'],
      ['DATA', '550 5.1.1 No such user'], // after DATA it is the message's refusal, whatever it says
      ['RCPT TO', '550 5.7.1 Relaying denied'],
      ['RCPT TO', '554 5.7.1 Blocked by policy'],
      ['RCPT TO', '553 5.1.3 Bad address syntax'],
      ['MAIL FROM', '550 5.1.8 Sender domain rejected'],
    ]) {
      expect([reply, label(smtp('EENVELOPE', command!, reply))]).toEqual([reply, 'message']);
    }
  });

  it('connection failures, sign-in failures and 4xx: temporary', () => {
    expect(label(smtp('EAUTH', 'AUTH PLAIN', '535 5.7.8 Authentication credentials invalid'))).toBe('auth');
    expect(label(smtp('ECONNECTION', 'CONN'))).toBe('connection');
    expect(label(smtp('ETIMEDOUT', 'CONN'))).toBe('connection');
    expect(label(smtp('EPROTOCOL', 'CONN', '554 No SMTP service here'))).toBe('connection');
    expect(label(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }))).toBe('connection');
    expect(label(new Error('anything else'))).toBe('connection');
    expect(label(smtp('EENVELOPE', 'RCPT TO', '450 4.2.1 Mailbox busy'))).toBe('deferred');
    expect(label(smtp('EENVELOPE', 'RCPT TO', '451 4.7.1 Greylisted'))).toBe('deferred');
    expect(label(smtp('EMESSAGE', 'DATA', '421 4.7.0 Try again later'))).toBe('deferred');
    expect(classifyMailError(smtp('EAUTH', 'AUTH LOGIN', '535 5.7.8 Bad credentials')).kind).toBe('temporary');
  });
});
