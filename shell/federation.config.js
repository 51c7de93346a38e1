module.exports = { name: 'shell', port: 3000, host: true };
