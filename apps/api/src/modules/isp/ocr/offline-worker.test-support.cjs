/**
 * Worker-thread entry for the OCR tests: forbids every way out to the network (fetch, http, https, net sockets),
 * then runs tesseract.js's own worker script. A worker that tried to download its model or core would fail to start,
 * so an OCR test that passes with this worker proves recognition is offline.
 */
'use strict';

const http = require('node:http');
const https = require('node:https');
const net = require('node:net');
const tls = require('node:tls');

const refuse = (what) =>
  function refused() {
    throw new Error(`the OCR worker tried to reach the network (${what})`);
  };
globalThis.fetch = refuse('fetch');
http.request = refuse('http.request');
http.get = refuse('http.get');
https.request = refuse('https.request');
https.get = refuse('https.get');
net.connect = refuse('net.connect');
net.createConnection = refuse('net.createConnection');
tls.connect = refuse('tls.connect');

require('tesseract.js/src/worker-script/node/index.js');
