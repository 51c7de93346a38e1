/**
 * The writer is tested against the styles, audiences and topics the site offers
 * (@wishes/writer/testing's OFFERED); these must be the ones in the site's own options.json.
 */
import { OFFERED } from '@wishes/writer/testing';
import options from '../../config/options.json';

describe('the writer is tested on what the site offers', () => {
  it('has the styles, audiences and topics of config/options.json', () => {
    const { styles, audiences, topics } = options.greeting_config_params;
    expect(OFFERED.greeting_config_params).toEqual({ styles, audiences, topics: topics.map(({ topic }) => ({ topic })) });
  });
});
