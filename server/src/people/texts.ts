/** The people calls' messages. */
export const PEOPLE_TEXT = {
  notFound: 'Person not found',
  blankName: 'Enter their name.',
  badEmail: 'Enter a valid email address.',
  badZone: 'Unknown time zone: use an IANA name such as Europe/Berlin.',
  blankTopic: 'Each date needs an occasion (birthday, anniversary, …).',
  impossibleDate: 'This date does not exist (29 February is fine).',
  tooMany: (n: number) => `You can keep at most ${n} people.`,
  deleted: 'Person removed',
  notMultipart: 'Send the file as multipart/form-data in the "file" field.',
  missingFile: 'Send a CSV or vCard file in the "file" field.',
  tooLarge: 'The file is too large: at most 1 MB.',
  unknownFormat: 'This is neither a CSV file with the header name,email,birthday nor a vCard file.',
  noLines: 'The file holds no one to import.',
} as const;
