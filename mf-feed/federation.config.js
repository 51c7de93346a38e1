module.exports = { name: 'mf_feed', port: 3001, exposes: { './Probe': './src/Probe.tsx' } };
