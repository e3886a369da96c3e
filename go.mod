module github.com/strictscope/strictscope

go 1.26

require github.com/go-json-experiment/json v1.27.2
