module.exports = require('../build/webpack.factory')(__dirname, require('./federation.config'));
