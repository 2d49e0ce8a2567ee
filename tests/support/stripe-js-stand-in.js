// A stand-in for Stripe.js (https://js.stripe.com/<release>/stripe.js), served by the browser tests
// through route interception. It implements only what @stripe/stripe-js and @stripe/react-stripe-js
// call on the registration wizard's payment step: Stripe(key), elements({ clientSecret }), the
// Payment Element (create, mount, on/off, update, destroy) and confirmPayment({ redirect: 'if_required' }),
// which posts the typed card to https://api.stripe.com/v1/payment_intents/<id>/confirm with the
// publishable key and client secret, as Stripe.js does; the test routes that to the Stripe stand-in.
// The card fields are plain inputs in the page (Stripe's are in its iframe) so a test can type in them.
(function () {
  'use strict';
  var API = 'https://api.stripe.com';

  function unsupported(name) {
    return function () {
      throw new Error('The Stripe.js stand-in does not implement ' + name);
    };
  }

  function field(label, name, autocomplete) {
    var wrapper = document.createElement('label');
    wrapper.style.display = 'grid';
    wrapper.style.gap = '4px';
    wrapper.textContent = label;
    var input = document.createElement('input');
    input.name = name;
    input.autocomplete = autocomplete;
    input.inputMode = 'numeric';
    input.style.padding = '8px';
    input.style.color = '#000';
    wrapper.appendChild(input);
    return { wrapper: wrapper, input: input };
  }

  function createPaymentElement() {
    var handlers = {};
    var root = null;
    var inputs = null;
    var emit = function (event, payload) {
      (handlers[event] || []).slice().forEach(function (handler) {
        handler(payload);
      });
    };
    var element = {
      mount: function (node) {
        var target = typeof node === 'string' ? document.querySelector(node) : node;
        root = document.createElement('div');
        root.setAttribute('data-testid', 'stripe-payment-element');
        root.style.display = 'grid';
        root.style.gap = '8px';
        var number = field('Card number', 'number', 'cc-number');
        var expiry = field('Expiration date', 'expiry', 'cc-exp');
        var cvc = field('Security code', 'cvc', 'cc-csc');
        [number, expiry, cvc].forEach(function (f) {
          root.appendChild(f.wrapper);
        });
        inputs = { number: number.input, expiry: expiry.input, cvc: cvc.input };
        target.appendChild(root);
        // Stripe's element reports ready once its iframe has loaded: always after mount returns.
        setTimeout(function () {
          emit('ready', { elementType: 'payment' });
        }, 0);
      },
      on: function (event, handler) {
        (handlers[event] = handlers[event] || []).push(handler);
        return element;
      },
      off: function (event, handler) {
        handlers[event] = (handlers[event] || []).filter(function (h) {
          return h !== handler;
        });
        return element;
      },
      update: function () {},
      collapse: function () {},
      unmount: function () {
        if (root && root.parentNode) root.parentNode.removeChild(root);
      },
      destroy: function () {
        element.unmount();
        handlers = {};
      },
      _card: function () {
        return inputs && { number: inputs.number.value, expiry: inputs.expiry.value, cvc: inputs.cvc.value };
      },
    };
    return element;
  }

  function Stripe(publishableKey) {
    var stripe = {};
    stripe._registerWrapper = function () {};
    stripe.registerAppInfo = function () {};
    stripe.createToken = unsupported('createToken');
    stripe.createPaymentMethod = unsupported('createPaymentMethod');
    stripe.confirmCardPayment = unsupported('confirmCardPayment');

    stripe.elements = function (options) {
      var clientSecret = options && options.clientSecret;
      var created = {};
      return {
        _clientSecret: clientSecret,
        update: function () {},
        create: function (type) {
          if (type !== 'payment') throw new Error('The Stripe.js stand-in has only the Payment Element, not ' + type);
          created[type] = createPaymentElement();
          return created[type];
        },
        getElement: function (type) {
          return created[type] || null;
        },
        submit: function () {
          return Promise.resolve({});
        },
      };
    };

    stripe.confirmPayment = function (params) {
      var elements = params.elements;
      if (params.redirect !== 'if_required') return Promise.reject(new Error("The Stripe.js stand-in confirms with redirect: 'if_required' only"));
      var element = elements.getElement('payment');
      var card = element && element._card();
      if (!card) return Promise.reject(new Error('The Payment Element is not mounted'));
      if (!card.number.replace(/\s/g, ''))
        return Promise.resolve({ error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } });
      var clientSecret = elements._clientSecret;
      var intentId = clientSecret.split('_secret_')[0];
      var body = new URLSearchParams();
      body.set('key', publishableKey);
      body.set('client_secret', clientSecret);
      body.set('return_url', (params.confirmParams && params.confirmParams.return_url) || '');
      body.set('payment_method_data[type]', 'card');
      body.set('payment_method_data[card][number]', card.number);
      body.set('payment_method_data[card][exp]', card.expiry);
      body.set('payment_method_data[card][cvc]', card.cvc);
      // A network failure rejects, as it would in Stripe.js's own transport: the form's unexpected-error path.
      return fetch(API + '/v1/payment_intents/' + intentId + '/confirm', { method: 'POST', body: body }).then(function (response) {
        return response.json().then(function (json) {
          return response.ok ? { paymentIntent: json } : { error: json.error };
        });
      });
    };
    return stripe;
  }
  // @stripe/stripe-js compares this with the release it expects (and warns on test keys when they differ).
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
