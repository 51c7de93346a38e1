import { render } from '@testing-library/react';
import { highlightMatches, searchWords } from './highlight';

const marked = (text: string, term: string) => {
  const { container } = render(<p>{highlightMatches(text, term)}</p>);
  return { html: container.querySelector('p')!.innerHTML, text: container.textContent };
};

it('marks each word of the term, case-insensitively, keeping the text intact', () => {
  const result = marked('Happy Birthday, happy day!', 'happy birthday');
  expect(result.text).toBe('Happy Birthday, happy day!');
  expect(result.html).toBe('<mark>Happy</mark> <mark>Birthday</mark>, <mark>happy</mark> day!');
});

it('treats regular-expression characters in the term as text', () => {
  expect(marked('a (c++) wish', 'c++ (').html).toBe('a (c++) wish');
  expect(marked('cost (5.00) today', '(5.00)').html).toBe('cost (5.<mark>00</mark>) today');
});

it('leaves text without a match (or a too short term) unmarked', () => {
  expect(marked('Nothing here', 'quokka').html).toBe('Nothing here');
  expect(searchWords('a b')).toEqual([]);
});
