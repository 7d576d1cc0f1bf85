// A small offline stand-in for https://apis.google.com/js/api.js, just enough of gapi.iframes for
// the Firebase Auth popup flow against the Auth emulator (see STACK-NOTES). The same script runs in
// the app page (which opens the emulator's helper iframe) and in that iframe (which relays the
// popup's result to the page). Messages between the two are plain postMessage calls.
(function () {
  'use strict';
  if (window.gapi && window.gapi.iframes) return;

  var MARK = '__campusGapiStandIn';
  var nextId = 1;
  var pendingReplies = {};
  var channels = [];

  function Channel(target) {
    this.target = target;
    this.handlers = {};
    this.queued = []; // calls that arrived before their handler was registered
    channels.push(this);
  }

  Channel.prototype.register = function (name, handler) {
    this.handlers[name] = handler;
    var waiting = this.queued.filter(function (call) {
      return call.name === name;
    });
    this.queued = this.queued.filter(function (call) {
      return call.name !== name;
    });
    for (var i = 0; i < waiting.length; i++) answer(this, waiting[i]);
  };

  Channel.prototype.send = function (name, payload, callback) {
    var id = MARK + nextId++;
    pendingReplies[id] = callback || function () {};
    this.target.postMessage({ mark: MARK, kind: 'call', id: id, name: name, payload: payload }, '*');
  };

  /** Resolves once the other side answers; retries because that side may still be loading. */
  Channel.prototype.ping = function (callback) {
    var channel = this;
    return new Promise(function (resolve) {
      var done = false;
      var timer = setInterval(send, 100);
      function send() {
        channel.send('__ping', null, function () {
          if (done) return;
          done = true;
          clearInterval(timer);
          if (callback) callback();
          resolve([]);
        });
      }
      send();
    });
  };

  Channel.prototype.restyle = function () {
    return Promise.resolve();
  };

  function answer(channel, call) {
    var results = [];
    if (call.name === '__ping') {
      results = [true];
    } else {
      try {
        results = [channel.handlers[call.name](call.payload)];
      } catch (error) {
        results = [];
      }
    }
    channel.target.postMessage({ mark: MARK, kind: 'reply', id: call.id, results: results }, '*');
  }

  function channelFor(source) {
    for (var i = 0; i < channels.length; i++) if (channels[i].target === source) return channels[i];
    return null;
  }

  window.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || data.mark !== MARK) return;
    if (data.kind === 'reply') {
      var callback = pendingReplies[data.id];
      delete pendingReplies[data.id];
      if (callback) {
        try {
          callback(data.results);
        } catch (error) {
          // The SDK's callbacks may throw after they have what they need.
        }
      }
      return;
    }
    var channel = channelFor(event.source);
    if (!channel) return;
    if (data.name === '__ping' || channel.handlers[data.name]) answer(channel, data);
    else channel.queued.push(data);
  });

  var context = {
    open: function (options, onOpened) {
      var frame = document.createElement('iframe');
      var attributes = options.attributes || {};
      Object.keys(attributes).forEach(function (name) {
        if (name === 'style') Object.assign(frame.style, attributes.style);
        else frame.setAttribute(name, attributes[name]);
      });
      frame.setAttribute('title', 'Sign-in helper');
      frame.src = options.url;
      (options.where || document.body).appendChild(frame);
      var channel = new Channel(frame.contentWindow);
      return Promise.resolve(onOpened ? onOpened(channel) : channel);
    },
    getParentIframe: function () {
      return channelFor(window.parent) || new Channel(window.parent);
    },
  };

  window.gapi = {
    load: function (_modules, options) {
      var callback = typeof options === 'function' ? options : options && options.callback;
      if (callback) callback();
    },
    iframes: {
      CROSS_ORIGIN_IFRAMES_FILTER: function () {
        return true;
      },
      Iframe: function () {},
      getContext: function () {
        return context;
      },
    },
  };

  // Like the real loader: call ?onload=<name> from the script address, or window.gapi_onload.
  var script = document.currentScript;
  var onload = script && script.src ? new URL(script.src).searchParams.get('onload') : null;
  if (onload && typeof window[onload] === 'function') window[onload]();
  else if (typeof window.gapi_onload === 'function') window.gapi_onload();
})();
