console.log("showroom-rules: not yet");
