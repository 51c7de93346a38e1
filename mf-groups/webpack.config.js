module.exports = require('@wishes/kit-build/webpack.factory')(__dirname, require('./federation.config'));
